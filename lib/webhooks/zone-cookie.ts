/*
 * The time zone the history was last shown in, remembered in a cookie so the server can group the
 * first page by the analyst's days (a browser's zone is otherwise known only after hydration).
 * Not personal data and not a setting: the browser rewrites it whenever it shows the history.
 */

export const ZONE_COOKIE = 'verity-history-zone'

const YEAR_SECONDS = 365 * 24 * 60 * 60

/**
 * The zone as the browser named it, if the runtime knows it; else null (a cookie is the client's
 * to write). Not canonicalised: the server's name must be the one the browser will use.
 */
export function knownTimeZone(value: string | undefined): string | null {
  if (!value || value.length > 64) return null
  try {
    new Intl.DateTimeFormat('en', { timeZone: value })
    return value
  } catch {
    return null
  }
}

/** The `document.cookie` assignment that remembers `zone` for the history page. */
export function zoneCookie(zone: string, secure: boolean): string {
  return `${ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/webhooks; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`
}
