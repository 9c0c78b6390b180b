import 'server-only'

import { timedSync } from '@/lib/api/server-timing'
import { projectVerification } from '@/lib/projection/project'
import { viewerRefKey } from '@/lib/projection/ref-key'
import { readVerification } from '@/lib/upstream/reads'

/*
 * What the browser may receive of each read: the guarded read, projected. Pages and route handlers
 * both call these, so the HTML, the RSC payload, hydrated queries and JSON answers hold the same
 * masked view, its tokens signed for the viewer who asked (lib/projection/ref-key.ts).
 */

export async function viewVerification(shortId: string) {
  const verification = await readVerification(shortId)
  const key = await viewerRefKey()
  return timedSync('projection', () => projectVerification(verification, shortId, key))
}
