import type { Metadata } from 'next'
import { connection } from 'next/server'
import type { ReactNode } from 'react'

import { AppHeader } from '@/components/shell/app-header'
import { getEnv } from '@/lib/env'

import { Providers } from './providers'
import './globals.css'

export const metadata: Metadata = {
  title: { default: 'Verity', template: '%s · Verity' },
  description: 'Compliance console for identity verification and AML screening',
  referrer: 'no-referrer',
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page shows live upstream data, so nothing is prerendered at build time.
  await connection()
  return (
    <html lang="en">
      <body className="min-h-screen">
        <Providers>
          <AppHeader demo={getEnv().VERITY_DEMO} />
          <main id="main" className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6">
            {children}
          </main>
        </Providers>
      </body>
    </html>
  )
}
