import 'server-only'

import { ProblemError } from '@/lib/api/problem-error'
import { timedSync } from '@/lib/api/server-timing'
import { asObject, readString } from '@/lib/json/read'
import { project, projectWebhookPage } from '@/lib/projection/project'
import { viewerRefKey } from '@/lib/projection/ref-key'
import { screeningResult } from '@/lib/review/changes'
import { changesInMirror } from '@/lib/review/report-review'
import {
  findWebhookRecord,
  readWebhookHistory,
  type WebhookHistoryParams,
} from '@/lib/upstream/reads'
import type { WebhookRecord } from '@/lib/upstream/schemas'
import { settle } from '@/lib/util/settled'
import { timelineRecord, type TimelinePage, type WebhookRecordView } from '@/lib/webhooks/timeline'

/*
 * What the browser may receive of each read: the guarded read, projected. Pages and route handlers
 * both call these, so the HTML, the RSC payload, hydrated queries and JSON answers hold the same
 * masked view, its tokens signed for the viewer who asked (lib/projection/ref-key.ts).
 */

export async function viewWebhookHistory(params: WebhookHistoryParams) {
  const page = await readWebhookHistory(params)
  const key = await viewerRefKey()
  return timedSync('projection', () => projectWebhookPage(page, params, key))
}

/** The timeline's page: each record summarised, the payloads left on the server. */
export async function viewWebhookTimeline(params: WebhookHistoryParams): Promise<TimelinePage> {
  const page = await viewWebhookHistory(params)
  const listed = { after: params.after ?? null, webhookId: params.webhookId ?? null }
  return {
    data: page.data.map((record) => timelineRecord(record, listed)),
    has_next: page.has_next,
  }
}

/** A record opened on the timeline, read again where it was listed. */
export async function viewWebhookRecord(
  params: WebhookHistoryParams & { id: string },
): Promise<WebhookRecordView> {
  const raw = await findWebhookRecord(params)
  if (!raw) {
    throw new ProblemError(
      404,
      'not_found',
      'Notification not found',
      'The history no longer lists this notification where it was. Reload the history.',
    )
  }
  const key = await viewerRefKey()
  const record = timedSync('projection', () =>
    project(
      raw,
      { type: 'webhook', id: raw.id, after: params.after, webhookId: params.webhookId },
      key,
    ),
  )
  // The record opens even when the comparison cannot be made; the panel says so.
  return { record, changes: await settle(screeningChanges(raw)) }
}

/** For a screening with an applicant: what changed since the one before, from the mirror. */
async function screeningChanges(raw: WebhookRecord) {
  if (raw.event_type !== 'AML_SCREENING') return null
  const result = screeningResult(raw.payload)
  const applicantId = readString(asObject(raw.payload), 'applicant_id')
  if (!result || !applicantId) return null
  return changesInMirror(applicantId, result.search_uuid, result)
}
