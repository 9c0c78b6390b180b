import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query'

import { apiGet } from '@/lib/queries/api-fetch'
import { queryKeys } from '@/lib/queries/keys'
import type { ListedAt, TimelinePage, WebhookRecordView } from '@/lib/webhooks/timeline'

function historyQuery(params: { after?: string | null; webhookId?: string | null }): string {
  const search = new URLSearchParams()
  if (params.after) search.set('after', params.after)
  if (params.webhookId) search.set('webhook_id', params.webhookId)
  return search.size > 0 ? `?${search.toString()}` : ''
}

function fetchWebhookHistory(
  params: { after?: string | undefined; webhookId?: string | undefined },
  signal?: AbortSignal,
) {
  return apiGet<TimelinePage>(`/api/webhooks/history/timeline${historyQuery(params)}`, signal)
}

/**
 * Pages the browser holds at most (upstream pages hold 50 records), so a day of scrolling through
 * the history does not grow without limit: past it, the newest held page is dropped, and fetched
 * again when the analyst scrolls back up.
 */
export const HISTORY_MAX_PAGES = 20

/**
 * Where a page starts: after a record (null for the newest page), and where the page before it
 * started. The upstream pages forwards only, so this chain of cursors (ids, a few bytes a page) is
 * what lets a dropped page be fetched again.
 */
type HistoryCursor = { after: string | null; previous: HistoryCursor | null }

const NEWEST: HistoryCursor = { after: null, previous: null }

/** Cursor paging: the next page starts after the last record of the one before. */
export function webhookHistoryQueryOptions(webhookId: string | undefined) {
  return infiniteQueryOptions({
    queryKey: queryKeys.webhooks.history(webhookId),
    queryFn: ({ pageParam, signal }) =>
      fetchWebhookHistory({ after: pageParam.after ?? undefined, webhookId }, signal),
    initialPageParam: NEWEST,
    getNextPageParam: (lastPage, _pages, lastPageParam): HistoryCursor | undefined => {
      const last = lastPage.data.at(-1)?.id
      return lastPage.has_next && last ? { after: last, previous: lastPageParam } : undefined
    },
    getPreviousPageParam: (_firstPage, _pages, firstPageParam) =>
      firstPageParam.previous ?? undefined,
    maxPages: HISTORY_MAX_PAGES,
    // Comparing thousands of loaded records deeply on every new page (structural sharing) cost
    // hundreds of milliseconds on the main thread; pages are replaced, never edited.
    structuralSharing: false,
  })
}

export function useWebhookHistory(webhookId: string | undefined) {
  return useInfiniteQuery(webhookHistoryQueryOptions(webhookId))
}

/** An opened record, whole: read when it is opened, kept while the history is. */
export function webhookRecordQueryOptions(record: { id: string; listed: ListedAt }) {
  const { id, listed } = record
  return queryOptions({
    queryKey: queryKeys.webhooks.record(id, listed),
    queryFn: ({ signal }) =>
      apiGet<WebhookRecordView>(
        `/api/webhooks/history/records/${id}${historyQuery(listed)}`,
        signal,
      ),
    // A record's payload does not change; a redelivery shows on the timeline's row.
    staleTime: Infinity,
  })
}

export function useWebhookRecord(record: { id: string; listed: ListedAt }) {
  return useQuery(webhookRecordQueryOptions(record))
}
