import { seal, unseal } from './sealed'
import type { AuthSettings } from './settings'

type SealSettings = Pick<Extract<AuthSettings, { mode: 'oidc' }>, 'secret' | 'maxAgeSeconds'>

/** The session cookie's value: the session id, encrypted, expiring with the session's lifetime. */
export function sealSession(sessionId: string, settings: SealSettings, now = Date.now()) {
  return seal({ sid: sessionId }, settings.secret, 'session', settings.maxAgeSeconds, now)
}

/** The session id in a cookie, or null for a missing, tampered or expired one. */
export async function unsealSession(token: string | undefined, secret: string, now = Date.now()) {
  const payload = await unseal(token, secret, 'session', now)
  return typeof payload?.sid === 'string' && payload.sid !== '' ? payload.sid : null
}
