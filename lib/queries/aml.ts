import { queryOptions } from '@tanstack/react-query'

import type { Projected } from '@/lib/projection/projected'
import { apiGet } from '@/lib/queries/api-fetch'
import { queryKeys } from '@/lib/queries/keys'
import type { AmlSearchResult } from '@/lib/upstream/schemas'

export function fetchAmlSearch(searchId: string, signal?: AbortSignal) {
  return apiGet<Projected<AmlSearchResult>>(
    `/api/aml/search/history/${encodeURIComponent(searchId)}`,
    signal,
  )
}

export function amlSearchQueryOptions(searchId: string) {
  return queryOptions({
    queryKey: queryKeys.aml.search(searchId),
    queryFn: ({ signal }) => fetchAmlSearch(searchId, signal),
  })
}
