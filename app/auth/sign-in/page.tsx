import type { Metadata } from 'next'
import { redirect } from 'next/navigation'

import { SignInNotice } from '@/components/auth/sign-in-notice'
import { buttonClass } from '@/components/ui/button'
import { safeReturnTo } from '@/lib/auth/return-to'
import { getViewer } from '@/lib/auth/session'
import { authSettings } from '@/lib/auth/settings'

export const metadata: Metadata = { title: 'Sign in' }

function first(value: string | string[] | undefined) {
  return Array.isArray(value) ? value[0] : value
}

export default async function SignInPage({ searchParams }: PageProps<'/auth/sign-in'>) {
  const query = await searchParams
  const returnTo = safeReturnTo(first(query.returnTo))
  const error = first(query.error)
  const signedOut = first(query.signedOut) === '1'
  const off = authSettings().mode === 'off'
  // Someone already signed in (or with sign-in off) has nothing to do here.
  if (!error && !signedOut && (off || (await getViewer()))) redirect(returnTo)

  const fresh = error === 'not_allowed' ? '&fresh=1' : ''
  const loginHref = `/auth/login?returnTo=${encodeURIComponent(returnTo)}${fresh}`
  return (
    <div className="mx-auto mt-10 max-w-sm rounded-md border border-line bg-surface p-6">
      <h1 className="text-lg font-semibold">Sign in to Verity</h1>
      <p className="mt-1 text-sm text-muted">
        Verity shows personal data and AML findings. Only the organization’s analysts may see it,
        and every view is recorded.
      </p>
      <SignInNotice error={error} signedOut={signedOut} />
      {off ? (
        <p className="mt-4 text-sm text-zinc-700 dark:text-zinc-300">
          Sign-in is turned off on this server.
        </p>
      ) : (
        <a
          href={loginHref}
          className={buttonClass('primary', undefined, 'mt-5 block px-3 py-2 text-center text-sm')}
        >
          {error === 'not_allowed'
            ? 'Sign in with another account'
            : 'Continue with single sign-on'}
        </a>
      )}
    </div>
  )
}
