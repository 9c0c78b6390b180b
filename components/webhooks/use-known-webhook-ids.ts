'use client'

import { useQueryClient, type InfiniteData } from '@tanstack/react-query'
import { useMemo } from 'react'

import { queryKeys } from '@/lib/queries/keys'
import type { TimelinePage } from '@/lib/webhooks/timeline'

// Every cached history query, whatever its filter: the ids seen so far in this session.
const historyKeyPrefix = queryKeys.webhooks.history(undefined).slice(0, 2)

/**
 * Webhook configuration ids seen so far, in every history loaded in this session (filtered or
 * not), sorted, and with the current filter always present. Recomputed when the shown list grows.
 */
export function useKnownWebhookIds(
  records: readonly { webhook_id?: string | null }[],
  current: string | undefined,
): string[] {
  const queryClient = useQueryClient()
  return useMemo(() => {
    const ids = new Set<string>(current ? [current] : [])
    for (const record of records) if (record.webhook_id) ids.add(record.webhook_id)
    const cached = queryClient.getQueriesData<InfiniteData<TimelinePage>>({
      queryKey: historyKeyPrefix,
    })
    for (const [, data] of cached) {
      for (const page of data?.pages ?? []) {
        for (const record of page.data) if (record.webhook_id) ids.add(record.webhook_id)
      }
    }
    return [...ids].sort()
  }, [queryClient, records, current])
}
