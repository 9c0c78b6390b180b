import 'server-only'

import type { Viewer } from '@/lib/auth/viewer'

/*
 * The one place a pack is counted against its analyst's allowance of sensitive actions, which is
 * shared by every instance and with reveals and unmasked exports. At merge the lead engineer wires
 * `takeSensitiveAction(viewer, 'evidence_pack')` from lib/limits/sensitive-actions.ts in here; the
 * caller already answers a refusal with 429 and Retry-After.
 */
export function takePackAllowance(
  viewer: Viewer,
): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
  void viewer
  return Promise.resolve({ ok: true })
}
