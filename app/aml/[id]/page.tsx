import { dehydrate, HydrationBoundary } from '@tanstack/react-query'
import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { Suspense } from 'react'

import { ActivityPanel } from '@/components/activity/activity-panel'
import { AmlReport } from '@/components/aml/aml-report'
import { ReportSkeleton } from '@/components/aml/report-skeleton'
import { Breadcrumbs } from '@/components/ui/breadcrumbs'
import { isUuid } from '@/lib/ids'
import { amlSearchQueryOptions } from '@/lib/queries/aml'
import { getQueryClient } from '@/lib/query-client'
import { prefetchOrNotFound } from '@/lib/server-prefetch'
import { getAmlSearch } from '@/lib/upstream/client'

// The id, not the requested name: page titles end up in browser history and shared tabs.
export async function generateMetadata({ params }: PageProps<'/aml/[id]'>): Promise<Metadata> {
  const { id } = await params
  return { title: `${id.slice(0, 8)} · AML report` }
}

export default async function AmlReportPage({ params }: PageProps<'/aml/[id]'>) {
  const { id } = await params
  if (!isUuid(id)) notFound()
  const queryClient = getQueryClient()
  await prefetchOrNotFound(queryClient, {
    ...amlSearchQueryOptions(id),
    queryFn: () => getAmlSearch(id),
  })
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <Breadcrumbs
        items={[{ label: 'Home', href: '/' }, { label: 'AML reports' }, { label: id, mono: true }]}
      />
      {/* The sort and filters are read from the URL's search params on the client. */}
      <Suspense fallback={<ReportSkeleton />}>
        <AmlReport searchId={id} />
      </Suspense>
      <ActivityPanel resource={{ type: 'aml_search', id }} />
    </HydrationBoundary>
  )
}
