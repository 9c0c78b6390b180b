const errors: Record<string, { title: string; hint: string }> = {
  not_allowed: {
    title: 'This account may not use Verity',
    hint: 'Sign in with your organization account, or ask an administrator to allow your e-mail domain or group.',
  },
  failed: {
    title: 'Sign-in did not complete',
    hint: 'It may have expired or been canceled. Try again.',
  },
  provider: {
    title: 'The sign-in provider could not be reached',
    hint: 'Try again in a moment. If it persists, an operator should check OIDC_ISSUER.',
  },
}

/** Why the analyst is back on the sign-in page, when there is a reason to say. */
export function SignInNotice({
  error,
  signedOut,
}: {
  error: string | undefined
  signedOut: boolean
}) {
  if (error) {
    const known = errors[error] ?? errors.failed
    return (
      <div
        role="alert"
        className="mt-4 rounded border border-red-200 bg-red-50 p-3 text-sm dark:border-red-900 dark:bg-red-950/50"
      >
        <p className="font-medium text-red-900 dark:text-red-200">{known?.title}</p>
        <p className="mt-1 text-red-800 dark:text-red-300">{known?.hint}</p>
      </div>
    )
  }
  if (signedOut) {
    return (
      <p
        role="status"
        className="mt-4 rounded border border-line bg-zinc-50 p-3 text-sm dark:bg-zinc-950"
      >
        You are signed out.
      </p>
    )
  }
  return null
}
