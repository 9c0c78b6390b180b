import type { Metadata } from 'next'
import { notFound } from 'next/navigation'

import { RetentionPage } from '@/components/retention/retention-page'
import { retentionOverviewForViewer } from '@/lib/retention/views'

export const metadata: Metadata = { title: 'Retention' }

// Leads only: to anyone else the page does not exist (404).
export default async function RetentionRoute() {
  const overview = await retentionOverviewForViewer()
  if (!overview) notFound()
  return <RetentionPage overview={overview} />
}
