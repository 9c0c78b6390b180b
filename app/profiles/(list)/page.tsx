import { dehydrate, HydrationBoundary } from '@tanstack/react-query'
import type { Metadata } from 'next'
import { redirect } from 'next/navigation'

import { ProfileListPage } from '@/components/profiles/profile-list-page'
import { parseProfileListParams, toUpstreamPage } from '@/lib/profiles/list-params'
import { viewProfilePage } from '@/lib/profiles/views'
import { profilePageQueryOptions } from '@/lib/queries/profiles'
import { getQueryClient } from '@/lib/queries/query-client'
import { profileListPath } from '@/lib/routes'

export const metadata: Metadata = { title: 'Profiles' }

export default async function ProfilesPage({ searchParams }: PageProps<'/profiles'>) {
  const query = await searchParams
  const { params, canonical } = parseProfileListParams({ page: query.page, limit: query.limit })
  // A malformed page or size is replaced in the URL by what is shown, so links and Back agree.
  if (!canonical) redirect(profileListPath(params))
  const page = toUpstreamPage(params.page)
  const queryClient = getQueryClient()
  await queryClient.prefetchQuery({
    ...profilePageQueryOptions(page, params.limit),
    queryFn: () => viewProfilePage({ page, limit: params.limit }),
  })
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <ProfileListPage />
    </HydrationBoundary>
  )
}
