import { QueueSkeleton } from '@/components/queue/queue-skeleton'

export default function QueueLoading() {
  return <QueueSkeleton />
}
