import { authSettings } from '@/lib/auth/settings'

/** On every page while anyone who reaches the server sees personal data without signing in. */
export function SignInOffBanner() {
  const settings = authSettings()
  if (settings.mode !== 'off') return null
  const why =
    settings.reason === 'disabled' ? 'AUTH_DISABLED=true' : 'no OIDC_* variables, development'
  return (
    <aside
      aria-label="Sign-in status"
      className="no-print border-b border-amber-300 bg-amber-50 px-4 py-1 text-center text-xs text-amber-900 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-200"
    >
      Sign-in is off ({why}). Anyone who can reach this server sees personal data, and the audit log
      cannot say who.
    </aside>
  )
}
