import type { Metadata } from 'next'

import { ActivityPageBody } from '@/components/activity/activity-page'
import { loadActivityPage } from '@/lib/audit/activity-loads'

export const metadata: Metadata = { title: 'Activity' }

export default async function ActivityPage({ searchParams }: PageProps<'/activity'>) {
  return <ActivityPageBody {...await loadActivityPage(await searchParams)} />
}
