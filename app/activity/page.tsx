import type { Metadata } from 'next'

import { ActivityPageBody } from '@/components/activity/activity-page-body'

export const metadata: Metadata = { title: 'Activity' }

export default async function ActivityPage({ searchParams }: PageProps<'/activity'>) {
  return <ActivityPageBody searchParams={await searchParams} />
}
