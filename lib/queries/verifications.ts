import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/queries/api-fetch'
import { queryKeys } from '@/lib/queries/keys'
import type { Verification } from '@/lib/upstream/schemas'

export function fetchVerification(shortId: string, signal?: AbortSignal) {
  return apiGet<Verification>(`/api/verifications/short/${encodeURIComponent(shortId)}`, signal)
}

export function verificationQueryOptions(shortId: string) {
  return queryOptions({
    queryKey: queryKeys.verifications.byShortId(shortId),
    queryFn: ({ signal }) => fetchVerification(shortId, signal),
  })
}

export function useVerification(shortId: string) {
  return useQuery(verificationQueryOptions(shortId))
}
