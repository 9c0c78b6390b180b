import { Badge } from '@/components/ui/badge'
import type { Delivery } from '@/lib/webhooks/delivery'

const labels = { delivered: 'Delivered', failed: 'Failed', pending: 'Pending' } as const
const tones = { delivered: 'green', failed: 'red', pending: 'amber' } as const

/** The delivery outcome with its code and attempts, when the record reports them. */
export function DeliveryBadge({ delivery }: { delivery: Delivery }) {
  const details = [
    delivery.responseCode,
    delivery.attempts === null
      ? null
      : `${delivery.attempts} ${delivery.attempts === 1 ? 'attempt' : 'attempts'}`,
  ].filter(Boolean)
  return (
    <span className="flex shrink-0 items-center gap-1.5 text-xs text-faint">
      {details.length > 0 && (
        <span className="hidden tabular-nums sm:inline">{details.join(' · ')}</span>
      )}
      <Badge tone={tones[delivery.state]} title={details.join(' · ') || undefined}>
        {labels[delivery.state]}
      </Badge>
    </span>
  )
}
