import 'server-only'

import { timedSync } from '@/lib/api/server-timing'
import { summarizeProfilePage } from '@/lib/profiles/summary'
import { projectProfile, projectProfilePage } from '@/lib/projection/project'
import { viewerRefKey } from '@/lib/projection/ref-key'
import { readProfile, readProfilePage, type ProfilePageParams } from '@/lib/upstream/reads'

/*
 * What the browser may receive of each read: the guarded read, projected. Pages and route handlers
 * both call these, so the HTML, the RSC payload, hydrated queries and JSON answers hold the same
 * masked view, its tokens signed for the viewer who asked (lib/projection/ref-key.ts).
 */

/** A row per profile: the list shows a summary, and a profile's page reads the whole record. */
export async function viewProfilePage(params: ProfilePageParams) {
  const page = await readProfilePage(params)
  const key = await viewerRefKey()
  return timedSync('projection', () => summarizeProfilePage(projectProfilePage(page, key)))
}

export async function viewProfile(profileId: string) {
  const profile = await readProfile(profileId)
  const key = await viewerRefKey()
  return timedSync('projection', () => projectProfile(profile, key))
}
