import { isAllowed } from './allow-list'
import { unseal } from './sealed'
import type { AuthSettings } from './settings'
import { viewerFromClaims, type Viewer } from './viewer'

/* Read by proxy.ts and by the data layer alike, so both apply the same rules. */

export const SESSION_COOKIE = 'verity_session'
export const SIGN_IN_COOKIE = 'verity_sign_in'

/** The signed-in viewer, or null for a missing, tampered, expired or no longer allowed session. */
export async function readSession(
  token: string | undefined,
  settings: Extract<AuthSettings, { mode: 'oidc' }>,
): Promise<Viewer | null> {
  const viewer = viewerFromClaims(await unseal(token, settings.secret, 'session'))
  // The allow-list is checked again on every request, so removing a domain or group takes effect
  // without waiting for sessions to expire.
  if (!viewer) return null
  // A session holds an e-mail only when the provider verified it (lib/auth/viewer.ts).
  const claims = {
    email: viewer.email,
    email_verified: viewer.email !== null,
    groups: viewer.groups,
  }
  if (!isAllowed(claims, settings.allow)) return null
  return viewer
}

export function cookieOptions(secure: boolean, maxAgeSeconds: number) {
  return { httpOnly: true, secure, sameSite: 'lax' as const, path: '/', maxAge: maxAgeSeconds }
}
