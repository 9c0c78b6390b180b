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
import { timedSync } from '@/lib/server-timing'

/*
 * What the browser may receive of each read: the guarded read, projected. Pages and route handlers
 * both call these, so the HTML, the RSC payload, hydrated queries and JSON answers hold the same
 * masked view.
 */

/** A row per profile: the list shows a summary, and a profile's page reads the whole record. */
export async function viewProfilePage(params: ProfilePageParams) {
  const page = await readProfilePage(params)
  return timedSync('projection', () => summarizeProfilePage(projectProfilePage(page)))
}

export async function viewProfile(profileId: string) {
  const profile = await readProfile(profileId)
  return timedSync('projection', () => projectProfile(profile))
}

export async function viewVerification(shortId: string) {
  const verification = await readVerification(shortId)
  return timedSync('projection', () => projectVerification(verification, shortId))
}

export async function viewAmlSearch(searchId: string) {
  const result = await readAmlSearch(searchId)
  return timedSync('projection', () => projectAmlSearch(result, searchId))
}

export async function viewWebhookHistory(params: WebhookHistoryParams) {
  const page = await readWebhookHistory(params)
  return timedSync('projection', () => projectWebhookPage(page, params))
}
