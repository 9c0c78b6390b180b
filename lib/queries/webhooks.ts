import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/queries/api-fetch'
import { queryKeys } from '@/lib/queries/keys'
import type { WebhookHistoryPage } from '@/lib/upstream/schemas'

export function fetchWebhookHistory(
  params: { after?: string | undefined; webhookId?: string | undefined },
  signal?: AbortSignal,
) {
  const search = new URLSearchParams()
  if (params.after) search.set('after', params.after)
  if (params.webhookId) search.set('webhook_id', params.webhookId)
  const query = search.size > 0 ? `?${search.toString()}` : ''
  return apiGet<WebhookHistoryPage>(`/api/notifications/webhook/history${query}`, signal)
}

/** Cursor paging: the next page starts after the last record of the one before. */
export function webhookHistoryQueryOptions(webhookId: string | undefined) {
  return infiniteQueryOptions({
    queryKey: queryKeys.webhooks.history(webhookId),
    queryFn: ({ pageParam, signal }) =>
      fetchWebhookHistory({ after: pageParam, webhookId }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => (lastPage.has_next ? lastPage.data.at(-1)?.id : undefined),
    // Pages are only ever appended; comparing thousands of loaded records deeply on every new
    // page (structural sharing) cost hundreds of milliseconds on the main thread.
    structuralSharing: false,
  })
}

export function useWebhookHistory(webhookId: string | undefined) {
  return useInfiniteQuery(webhookHistoryQueryOptions(webhookId))
}
