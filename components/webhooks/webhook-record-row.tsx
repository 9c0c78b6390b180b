'use client'

import { memo } from 'react'

import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { CopyableId } from '@/components/ui/copyable-id'
import { DeliveryBadge } from '@/components/webhooks/delivery-badge'
import { EventTypeBadge } from '@/components/webhooks/event-type-badge'
import { OpenedRecord } from '@/components/webhooks/opened-record'
import { RecordSummaryLine } from '@/components/webhooks/record-summary-line'
import { RecordTime } from '@/components/webhooks/record-time'
import type { Projected } from '@/lib/projection/projected'
import { classifyDelivery } from '@/lib/webhooks/delivery'
import type { TimelineRecord } from '@/lib/webhooks/timeline'

/**
 * One notification on the timeline: time, type, what it is about, how its delivery went, and the
 * ids; opened, it reads the whole record. Memoized so that scrolling re-renders only the rows it
 * adds.
 */
export const WebhookRecordRow = memo(function WebhookRecordRow({
  record,
  timeZone,
  expanded,
  onToggle,
}: {
  record: Projected<TimelineRecord>
  timeZone: string
  expanded: boolean
  onToggle: (id: string) => void
}) {
  const summary = record.summary
  const delivery = classifyDelivery(record)
  const panelId = `webhook-record-${record.id}`
  const failed = delivery?.state === 'failed'

  return (
    // The timeline's rail and the record's dot are pseudo-elements: two fewer nodes in every row
    // the virtualized list mounts while scrolling.
    <article
      aria-label={`${record.event_type || 'Untyped'} notification`}
      className={`relative pl-6 before:absolute before:inset-y-0 before:left-[7px] before:w-px before:bg-zinc-200 after:absolute after:top-[15px] after:left-[5px] after:size-[5px] after:rounded-full dark:before:bg-zinc-800 ${failed ? 'after:bg-red-500' : 'after:bg-zinc-400 dark:after:bg-zinc-500'}`}
    >
      <div
        className={`rounded-md border px-2 py-1.5 ${expanded ? 'border-control bg-surface' : 'border-transparent hover:bg-zinc-100/70 dark:hover:bg-zinc-900'}`}
      >
        <div className="flex items-start gap-2">
          <Button
            aria-expanded={expanded}
            aria-controls={expanded ? panelId : undefined}
            onClick={() => onToggle(record.id)}
            className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2.5 gap-y-1 rounded text-left text-sm focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            <span aria-hidden="true" className="w-3 text-xs text-faint">
              {expanded ? '▾' : '▸'}
            </span>
            <RecordTime value={record.timestamp} timeZone={timeZone} />
            <EventTypeBadge type={record.event_type} />
            <span className="line-clamp-2 min-w-0 basis-full pl-5.5 sm:line-clamp-none sm:flex-1 sm:basis-auto sm:truncate sm:pl-0">
              <RecordSummaryLine summary={summary} />
            </span>
          </Button>
          {delivery && <DeliveryBadge delivery={delivery} />}
        </div>
        <div className="mt-0.5 flex flex-wrap items-center gap-x-4 gap-y-0.5 pl-5.5 text-xs text-faint">
          <span className="inline-flex items-center gap-1">
            webhook
            {record.webhook_id ? (
              <CopyableId value={record.webhook_id} label="webhook configuration id" short />
            ) : (
              '—'
            )}
          </span>
          <span className="inline-flex items-center gap-1">
            record <CopyableId value={record.id} label="record id" short />
          </span>
          {record.is_sandbox && <Badge tone="amber">Sandbox</Badge>}
        </div>
        {expanded && (
          <OpenedRecord id={panelId} record={record} delivery={delivery} timeZone={timeZone} />
        )}
      </div>
    </article>
  )
})
