import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import type { ProfileSummaryPage } from '@/lib/profiles/summary'
import { apiGet } from '@/lib/queries/api-fetch'
import { queryKeys } from '@/lib/queries/keys'
import type { Profile } from '@/lib/upstream/schemas'

/** `page` counts from 0, as the upstream does. */
function fetchProfilePage(page: number, limit: number, signal?: AbortSignal) {
  return apiGet<ProfileSummaryPage>(`/api/profiles?page=${page}&limit=${limit}`, signal)
}

export function profilePageQueryOptions(page: number, limit: number) {
  return queryOptions({
    queryKey: queryKeys.profiles.page(page, limit),
    queryFn: ({ signal }) => fetchProfilePage(page, limit, signal),
    placeholderData: keepPreviousData,
  })
}

export function useProfilePage(page: number, limit: number) {
  return useQuery(profilePageQueryOptions(page, limit))
}

export function fetchProfile(profileId: string, signal?: AbortSignal) {
  return apiGet<Profile>(`/api/profiles/${encodeURIComponent(profileId)}`, signal)
}

export function profileQueryOptions(profileId: string) {
  return queryOptions({
    queryKey: queryKeys.profiles.detail(profileId),
    queryFn: ({ signal }) => fetchProfile(profileId, signal),
  })
}
