import 'server-only'

import { cache } from 'react'

import { readWebhookHistory } from '@/lib/upstream/reads'
import type { WebhookRecord } from '@/lib/upstream/schemas'
import { flattenPages } from '@/lib/webhooks/pages'

/**
 * How far back match review looks through the webhook history for a screening or the one before
 * it: the upstream pages hold 50 records, so about the newest 500. Pages say it, so the analyst
 * knows what "not found" covers.
 */
const HISTORY_WINDOW_PAGES = 10

export type HistoryWindow = {
  /** Raw records, newest first, each once, as the history pages hold them. */
  records: WebhookRecord[]
  pages: number
  /** Whether the window reached the end of the history (older records do not exist). */
  complete: boolean
  /** Timestamps of the newest and oldest record in the window. */
  newest: string | null
  oldest: string | null
}

// One read per page and request, so windows of different lengths on one page share their pages.
const readPage = cache((after: string | undefined) => readWebhookHistory({ after }))

/**
 * Pages of the history, newest first, read (once per request) until `found` finds what it looks
 * for in the records read so far, or `limit` pages are read: a screening made lately costs one
 * page, not the whole window. `window` says what was looked through.
 */
export async function searchHistory<T extends NonNullable<unknown>>(
  found: (records: readonly WebhookRecord[]) => T | null,
  limit = HISTORY_WINDOW_PAGES,
): Promise<{ value: T | null; window: HistoryWindow }> {
  const pages: { data: WebhookRecord[] }[] = []
  let complete = false
  let after: string | undefined
  let value: T | null = null
  while (pages.length < limit) {
    const page = await readPage(after)
    pages.push(page)
    const last = page.data.at(-1)?.id
    value = found(flattenPages(pages).records)
    if (value !== null) break
    if (!page.has_next || !last) {
      complete = true
      break
    }
    // A cursor that brings nothing new would repeat the same page up to the limit: stop at once.
    if (pages.length > 1 && flattenPages(pages).lastPageAdded === 0) break
    after = last
  }
  const { records } = flattenPages(pages)
  return {
    value,
    window: {
      records,
      pages: pages.length,
      complete,
      newest: records[0]?.timestamp ?? null,
      oldest: records.at(-1)?.timestamp ?? null,
    },
  }
}
