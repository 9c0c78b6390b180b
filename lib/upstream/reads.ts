import 'server-only'

import type { AuditResource } from '@/lib/audit/record'
import { guardedRead } from '@/lib/auth/guarded-read'
import { upstreamGet, upstreamStream, upstreamText } from '@/lib/upstream/client'
import {
  amlSearchResultSchema,
  profilePageSchema,
  profileSchema,
  verificationSchema,
  webhookHistoryPageSchema,
  type WebhookRecord,
} from '@/lib/upstream/schemas'

/*
 * The upstream's five reads (reference section 4), each with the record it is audited under. Every
 * read of upstream data goes through one of these: a page, an RSC request, a route handler or a
 * reveal. The client below does transport only; the guard decides who may read and audits it.
 */

const segment = encodeURIComponent

export type ProfilePageParams = { page: number; limit: number }
export type WebhookHistoryParams = { after?: string | undefined; webhookId?: string | undefined }

export function readProfilePage(params: ProfilePageParams) {
  const resource: AuditResource = {
    type: 'profile_list',
    id: `page=${params.page},limit=${params.limit}`,
  }
  return guardedRead(resource, () => upstreamGet('/api/v3/profiles', profilePageSchema, params))
}

export function readProfile(profileId: string) {
  return guardedRead({ type: 'profile', id: profileId }, () =>
    upstreamGet(`/api/v3/profiles/${segment(profileId)}`, profileSchema),
  )
}

export function readVerification(shortId: string) {
  return guardedRead({ type: 'verification', id: shortId }, () =>
    upstreamGet(`/api/v3/verifications/short/${segment(shortId)}`, verificationSchema),
  )
}

export function readAmlSearch(searchId: string) {
  return guardedRead({ type: 'aml_search', id: searchId }, () =>
    upstreamGet(amlSearchPath(searchId), amlSearchResultSchema),
  )
}

/**
 * The same read, its body parsed and checked by `check` (the evidence pack's worker thread, for a
 * report of a thousand matches); audited as the read above, a body `check` refuses included.
 */
export function readAmlSearchWith<T>(searchId: string, check: (body: string) => Promise<T>) {
  return guardedRead({ type: 'aml_search', id: searchId }, async () =>
    check(await upstreamText(amlSearchPath(searchId))),
  )
}

function amlSearchPath(searchId: string) {
  return `/api/v3/aml/search/history/${segment(searchId)}`
}

/** A page of the history is identified by its cursor and filter; ids only, never payload values. */
export function readWebhookHistory({ after, webhookId }: WebhookHistoryParams) {
  const id = [after && `after=${after}`, webhookId && `webhook_id=${webhookId}`]
    .filter(Boolean)
    .join(',')
  return guardedRead({ type: 'webhook_history', id: id || null }, () =>
    upstreamGet('/api/v3/notifications/webhook/history', webhookHistoryPageSchema, {
      after,
      webhook_id: webhookId,
    }),
  )
}

/** How many later history pages are looked through for a record that newer records pushed down. */
const WEBHOOK_PAGES = 3

/**
 * A history record, read again from the page it was listed on (its cursor and filter), or a few
 * pages on if newer records pushed it down; null once it is not there. The upstream has no read of
 * one record, so opening a record and revealing one of its values both come here.
 */
export async function findWebhookRecord(listed: {
  id: string
  after?: string | undefined
  webhookId?: string | undefined
}): Promise<WebhookRecord | null> {
  let after = listed.after
  for (let page = 0; page < WEBHOOK_PAGES; page++) {
    const { data, has_next } = await readWebhookHistory({ after, webhookId: listed.webhookId })
    const found = data.find((item) => item.id === listed.id)
    if (found) return found
    if (!has_next || data.length === 0) return null
    after = data[data.length - 1]?.id
  }
  return null
}

export type MirrorPageParams = { after: string | null; limit: number }

/**
 * The history mirror's read (lib/history-mirror/): the one upstream read made for no viewer, by
 * the server itself, so it passes no session guard and writes no audit line per page (a backfill
 * reads thousands). What it stores is read by analysts only through guarded pages. The body is
 * streamed to `read`, which keeps one record at a time (lib/history-mirror/pages.ts).
 */
export function readHistoryForMirror<T>(
  { after, limit }: MirrorPageParams,
  read: (body: AsyncIterable<Buffer>) => Promise<T>,
) {
  return upstreamStream(
    '/api/v3/notifications/webhook/history',
    { after: after ?? undefined, limit },
    read,
  )
}
