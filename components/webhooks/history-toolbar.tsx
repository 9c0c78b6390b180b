'use client'

import { EventTypeSelect } from '@/components/webhooks/event-type-select'
import { WebhookIdForm } from '@/components/webhooks/webhook-id-form'
import { WebhookSelect } from '@/components/webhooks/webhook-select'

/** The filters: webhook configuration (in the address, asks the service) and event type (local). */
export function HistoryToolbar({
  webhookId,
  knownWebhookIds,
  eventType,
  onEventTypeChange,
  typeCounts,
}: {
  webhookId: string | undefined
  knownWebhookIds: string[]
  eventType: string
  onEventTypeChange: (value: string) => void
  typeCounts: ReadonlyMap<string, number>
}) {
  return (
    <div className="flex flex-wrap items-start gap-x-6 gap-y-3 rounded-md border border-line bg-surface px-3 py-2.5">
      <WebhookSelect value={webhookId} options={knownWebhookIds} />
      <WebhookIdForm />
      <EventTypeSelect value={eventType} onChange={onEventTypeChange} counts={typeCounts} />
    </div>
  )
}
