'use client'

import { ErrorState } from '@/components/ui/error-state'
import { RecordDetails } from '@/components/webhooks/record-details'
import type { Projected } from '@/lib/projection/projected'
import { useWebhookRecord } from '@/lib/queries/webhooks'
import type { Delivery } from '@/lib/webhooks/delivery'
import type { TimelineRecord } from '@/lib/webhooks/timeline'

const panelClass = 'mt-2 border-t border-line pt-3 pb-1 pl-5.5 text-sm'

/** An opened timeline record: its whole payload is read now, from the page that listed it. */
export function OpenedRecord({
  id,
  record,
  delivery,
  timeZone,
}: {
  id: string
  record: Projected<TimelineRecord>
  delivery: Delivery | null
  timeZone: string
}) {
  const query = useWebhookRecord(record)
  if (query.data) {
    return (
      <RecordDetails
        id={id}
        record={query.data.record}
        changes={query.data.changes}
        summary={record.summary}
        delivery={delivery}
        timeZone={timeZone}
      />
    )
  }
  return (
    <div id={id} className={panelClass}>
      {query.isPending ? (
        <p role="status" className="text-muted">
          Reading the notification…
        </p>
      ) : (
        <ErrorState
          error={query.error}
          what="this notification"
          onRetry={() => void query.refetch()}
        />
      )}
    </div>
  )
}
