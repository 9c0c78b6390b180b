import { WebhookHistorySkeleton } from '@/components/webhooks/webhook-history-skeleton'

export default function Loading() {
  return <WebhookHistorySkeleton />
}
