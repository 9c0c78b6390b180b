import type { Metadata } from 'next'

import { QueuePage } from '@/components/queue/queue-page'
import { loadQueuePage } from '@/lib/queue/load'

export const metadata: Metadata = { title: 'Work queue' }

export default async function QueueRoute({ searchParams }: PageProps<'/queue'>) {
  return <QueuePage {...await loadQueuePage(await searchParams)} />
}
