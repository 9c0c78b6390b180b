import type { Metadata } from 'next'
import { headers } from 'next/headers'
import { connection } from 'next/server'
import type { ReactNode } from 'react'

import { AccountMenu } from '@/components/auth/account-menu'
import { SignInOffBanner } from '@/components/auth/sign-in-off-banner'
import { AppHeader } from '@/components/shell/app-header'
import { ServerNowProvider } from '@/components/ui/server-now'
import { ThemeScript } from '@/components/ui/theme-script'
import { rolesOf } from '@/lib/auth/roles'
import { getViewer } from '@/lib/auth/session'
import { authSettings } from '@/lib/auth/settings'
import { getEnv } from '@/lib/env'

import { Providers } from './providers'
import './globals.css'

export const metadata: Metadata = {
  title: { default: 'Verity', template: '%s · Verity' },
  description: 'Compliance console for identity verification and AML screening',
  referrer: 'no-referrer',
  // Next links app/icon.svg by itself only while `icons` is unset, so it is listed here beside
  // public/'s files. The ICO has exact sizes (not `any`) so that Chrome still prefers the SVG.
  icons: {
    icon: [
      { url: '/favicon.ico', sizes: '48x48' },
      { url: '/icon.svg', type: 'image/svg+xml' },
    ],
    apple: '/apple-touch-icon.png',
  },
  manifest: '/manifest.webmanifest',
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page shows live upstream data, so nothing is prerendered at build time.
  await connection()
  const nonce = (await headers()).get('x-nonce') ?? undefined
  const signInOff = authSettings().mode === 'off'
  const viewer = signInOff ? null : await getViewer()
  // With sign-in off the one viewer leads (lib/auth/roles.ts).
  const roles = viewer || signInOff ? rolesOf(viewer ?? { groups: [] }) : null
  return (
    // The theme script sets the `dark` class before React hydrates.
    <html lang="en" suppressHydrationWarning>
      <head>
        <ThemeScript nonce={nonce} />
      </head>
      <body className="min-h-screen">
        <Providers>
          <ServerNowProvider now={new Date().toISOString()}>
            <AppHeader
              demo={getEnv().VERITY_DEMO}
              examines={roles !== null && (roles.lead || roles.auditor)}
              account={viewer ? <AccountMenu viewer={viewer} /> : undefined}
              notice={<SignInOffBanner />}
            />
            <main
              id="main"
              tabIndex={-1}
              className="mx-auto w-full max-w-7xl px-4 py-6 focus-visible:outline-none sm:px-6"
            >
              {children}
            </main>
          </ServerNowProvider>
        </Providers>
      </body>
    </html>
  )
}
