import 'server-only'

import type { Viewer } from '@/lib/auth/viewer'
import { takeSensitiveAction } from '@/lib/limits/sensitive-actions'

/*
 * The one place a pack is counted against its analyst's allowance of sensitive actions, which is
 * kept in the store, shared by every instance and with reveals and unmasked exports. The caller
 * answers a refusal with 429 and Retry-After.
 */
export function takePackAllowance(viewer: Viewer) {
  return takeSensitiveAction(viewer, 'evidence_pack')
}
