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
import {
  projectAmlSearch,
  projectProfile,
  projectProfilePage,
  projectVerification,
  projectWebhookPage,
} from '@/lib/projection/project'

/*
 * What the browser may receive of each read: the guarded read, projected. Pages and route handlers
 * both call these, so the HTML, the RSC payload, hydrated queries and JSON answers hold the same
 * masked view.
 */

export async function viewProfilePage(params: ProfilePageParams) {
  return projectProfilePage(await readProfilePage(params))
}

export async function viewProfile(profileId: string) {
  return projectProfile(await readProfile(profileId))
}

export async function viewVerification(shortId: string) {
  return projectVerification(await readVerification(shortId), shortId)
}

export async function viewAmlSearch(searchId: string) {
  return projectAmlSearch(await readAmlSearch(searchId), searchId)
}

export async function viewWebhookHistory(params: WebhookHistoryParams) {
  return projectWebhookPage(await readWebhookHistory(params), params)
}
