import { seal } from './sealed'
import type { AuthSettings } from './settings'
import { viewerClaims, type Viewer } from './viewer'

export function sealSession(
  viewer: Viewer,
  settings: Pick<Extract<AuthSettings, { mode: 'oidc' }>, 'secret' | 'maxAgeSeconds'>,
  now = Date.now(),
) {
  return seal(viewerClaims(viewer), settings.secret, 'session', settings.maxAgeSeconds, now)
}
