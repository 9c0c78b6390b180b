'use client'

import { useRouter } from 'next/navigation'

import { Button, buttonClass } from '@/components/ui/button'
import { failureWords } from '@/components/ui/failure-words'
import { isApiError } from '@/lib/queries/api-fetch'
import { signInPath } from '@/lib/routes'

/** A failed load, said in words, with a retry; it stays inside the page so the shell remains. */
export function ErrorState({
  error,
  onRetry,
  what = 'this data',
}: {
  error: unknown
  onRetry?: () => void
  what?: string
}) {
  const known = isApiError(error) ? failureWords[error.kind] : undefined
  const title = known?.title ?? `Could not load ${what}`
  let hint = known?.hint ?? 'Check your connection and try again.'
  if (isApiError(error) && error.kind === 'rate_limited' && error.retryAfterSeconds) {
    hint = `${hint} Try again in ${error.retryAfterSeconds} s.`
  }
  // The server's words say more: where a body broke, or what kind of failure paused the calls.
  if (
    isApiError(error) &&
    (error.kind === 'bad_response' ||
      error.kind === 'bad_parameter' ||
      error.kind === 'circuit_open')
  ) {
    hint = error.detail
  }
  return (
    <div
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 p-4 text-sm dark:border-red-900 dark:bg-red-950/50"
    >
      <p className="font-medium text-red-900 dark:text-red-200">{title}</p>
      {hint && <p className="mt-1 text-red-800 dark:text-red-300">{hint}</p>}
      {isApiError(error) && error.kind === 'unauthenticated' && <SignInAgain />}
      {onRetry && (
        <Button onClick={onRetry} variant="danger" size="md" className="mt-3">
          Try again
        </Button>
      )}
    </div>
  )
}

function SignInAgain() {
  const router = useRouter()
  return (
    <a
      href={signInPath}
      onClick={(event) => {
        // Keep where the analyst was, for the sign-in page to return to.
        event.preventDefault()
        const returnTo = `${window.location.pathname}${window.location.search}`
        router.push(`/auth/sign-in?returnTo=${encodeURIComponent(returnTo)}`)
      }}
      className={buttonClass('danger', 'md', 'mt-3 mr-2 inline-block')}
    >
      Sign in again
    </a>
  )
}
