'use client'

import { useQueryClient } from '@tanstack/react-query'
import { useSearchParams } from 'next/navigation'

import { ProfilePager } from '@/components/profiles/profile-pager'
import { ProfileTable } from '@/components/profiles/profile-table'
import { ProfileTableSkeleton } from '@/components/profiles/profile-table-skeleton'
import { ProfilesEmpty } from '@/components/profiles/profiles-empty'
import { ErrorState } from '@/components/ui/error-state'
import {
  parseProfileListParams,
  toUpstreamPage,
  type ProfileListParams,
} from '@/lib/profiles/list-params'
import { profilePageQueryOptions, useProfilePage } from '@/lib/queries/profiles'
import { profileListPath } from '@/lib/routes'

/*
 * The URL is the state: paging writes it with history.pushState, which Next's router picks up
 * (useSearchParams) without a server round trip, so a cached or prefetched page shows at once and
 * Back restores the previous view.
 */
export function ProfileListPage() {
  const searchParams = useSearchParams()
  const { params } = parseProfileListParams({
    page: searchParams.get('page'),
    limit: searchParams.get('limit'),
  })
  const page = toUpstreamPage(params.page)
  const queryClient = useQueryClient()
  const { data, isPending, isError, error, refetch, isPlaceholderData } = useProfilePage(
    page,
    params.limit,
  )
  const hasNext = !isPlaceholderData && data?.has_next === true

  // Fetched when the analyst points at or focuses a page link, not with every list: most views
  // never page on, and the next page is as large as this one.
  function prefetch(to: ProfileListParams) {
    void queryClient.prefetchQuery(profilePageQueryOptions(toUpstreamPage(to.page), to.limit))
  }

  function navigate(to: ProfileListParams) {
    window.history.pushState(null, '', profileListPath(to))
    window.scrollTo({ top: 0 })
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-lg font-semibold">Verification profiles</h1>
          <p className="text-sm text-muted">
            Which checks, documents and countries each profile requires.
          </p>
        </div>
        <ProfilePager {...params} hasNext={hasNext} onNavigate={navigate} onIntent={prefetch} />
      </div>
      {isPending ? (
        <ProfileTableSkeleton />
      ) : isError ? (
        <ErrorState error={error} what="the profiles" onRetry={() => void refetch()} />
      ) : data.data.length === 0 && !isPlaceholderData ? (
        <ProfilesEmpty {...params} />
      ) : (
        <>
          <ProfileTable profiles={data.data} busy={isPlaceholderData} />
          <div className="flex justify-end">
            {/* Two pagers on one page need names that tell them apart. */}
            <ProfilePager
              {...params}
              hasNext={hasNext}
              onNavigate={navigate}
              onIntent={prefetch}
              label="Pages, below the list"
            />
          </div>
        </>
      )}
    </div>
  )
}
