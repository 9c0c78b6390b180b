import { dehydrate, HydrationBoundary } from '@tanstack/react-query'
import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { cache } from 'react'

import { isUuid } from '@/lib/ids'
import { profileQueryOptions } from '@/lib/queries/profiles'
import { getQueryClient } from '@/lib/query-client'
import { prefetchOrNotFound } from '@/lib/server-prefetch'
import { getProfile } from '@/lib/upstream/client'

import { ActivityPanel } from '@/components/activity/activity-panel'
import { ProfileDetailPage } from '@/components/profiles/profile-detail-page'

/** One upstream call per request, shared by the title and the page. */
const loadProfile = cache((profileId: string) => getProfile(profileId))

export async function generateMetadata({
  params,
}: PageProps<'/profiles/[profile_id]'>): Promise<Metadata> {
  const { profile_id: id } = await params
  if (!isUuid(id)) return { title: 'Profile not found' }
  try {
    const profile = await loadProfile(id)
    return { title: `${profile.name || id} · Profile` }
  } catch {
    return { title: 'Profile' }
  }
}

export default async function ProfilePage({ params }: PageProps<'/profiles/[profile_id]'>) {
  const { profile_id: id } = await params
  // A malformed id cannot exist upstream: answer not-found without asking.
  if (!isUuid(id)) notFound()
  const queryClient = getQueryClient()
  await prefetchOrNotFound(queryClient, {
    ...profileQueryOptions(id),
    queryFn: () => loadProfile(id),
  })
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <ProfileDetailPage profileId={id} />
      <ActivityPanel resource={{ type: 'profile', id }} />
    </HydrationBoundary>
  )
}
