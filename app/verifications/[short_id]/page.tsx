import { dehydrate, HydrationBoundary } from '@tanstack/react-query'
import type { Metadata } from 'next'
import { notFound } from 'next/navigation'

import { ActivityPanel } from '@/components/activity/activity-panel'
import { Breadcrumbs } from '@/components/ui/breadcrumbs'
import { VerificationDetail } from '@/components/verifications/verification-detail'
import { isShortId } from '@/lib/ids'
import { verificationQueryOptions } from '@/lib/queries/verifications'
import { getQueryClient } from '@/lib/query-client'
import { prefetchOrNotFound } from '@/lib/server-prefetch'
import { getVerificationByShortId } from '@/lib/upstream/client'

export async function generateMetadata({
  params,
}: PageProps<'/verifications/[short_id]'>): Promise<Metadata> {
  const { short_id } = await params
  return { title: isShortId(short_id) ? `${short_id} · Verification` : 'Verification' }
}

export default async function VerificationPage({ params }: PageProps<'/verifications/[short_id]'>) {
  const { short_id: shortId } = await params
  // A malformed short id cannot exist upstream: answer not-found without asking.
  if (!isShortId(shortId)) notFound()
  const queryClient = getQueryClient()
  await prefetchOrNotFound(queryClient, {
    ...verificationQueryOptions(shortId),
    queryFn: () => getVerificationByShortId(shortId),
  })
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <Breadcrumbs
        items={[
          { label: 'Home', href: '/' },
          { label: 'Verifications' },
          { label: shortId, mono: true },
        ]}
      />
      <VerificationDetail shortId={shortId} />
      <ActivityPanel resource={{ type: 'verification', id: shortId }} />
    </HydrationBoundary>
  )
}
