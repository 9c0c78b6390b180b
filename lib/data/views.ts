import 'server-only'

import {
  readAmlSearch,
  readProfile,
  readProfilePage,
  readVerification,
  readWebhookHistory,
  type ProfilePageParams,
  type WebhookHistoryParams,
} from '@/lib/data/reads'
import { summarizeProfilePage } from '@/lib/profiles/summary'
import {
  projectAmlSearch,
  projectProfile,
  projectProfilePage,
  projectVerification,
  projectWebhookPage,
} from '@/lib/projection/project'
import { viewerRefKey } from '@/lib/projection/ref-key'
import { timedSync } from '@/lib/server-timing'

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

export async function viewVerification(shortId: string) {
  const verification = await readVerification(shortId)
  const key = await viewerRefKey()
  return timedSync('projection', () => projectVerification(verification, shortId, key))
}

export async function viewAmlSearch(searchId: string) {
  const result = await readAmlSearch(searchId)
  const key = await viewerRefKey()
  return timedSync('projection', () => projectAmlSearch(result, searchId, key))
}

export async function viewWebhookHistory(params: WebhookHistoryParams) {
  const page = await readWebhookHistory(params)
  const key = await viewerRefKey()
  return timedSync('projection', () => projectWebhookPage(page, params, key))
}
