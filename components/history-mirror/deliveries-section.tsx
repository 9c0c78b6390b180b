import type { DeliveryStatus } from '@/lib/history-mirror/delivery-status-types'
import { formatRelative, formatUtc } from '@/lib/util/time'

const number = (value: number) => value.toLocaleString('en')

const REASONS: Record<string, string> = {
  missing_signature: 'no signature',
  malformed_signature: 'signature header not readable',
  stale_timestamp: 'signed more than 5 minutes from now',
  bad_signature: 'signature does not match the secret',
  unreadable: 'signed, but not a history record with an id',
  body_too_large: 'body over the size cap',
  unstorable: 'a record the store cannot hold',
  differs_from_history: 'differs from the copy the provider’s history gave',
}

/** The provider's webhook deliveries: what arrived, what was already held, what was refused. */
export function DeliveriesSection({ status, now }: { status: DeliveryStatus | null; now: Date }) {
  const when = (iso: string) =>
    `${formatUtc(new Date(iso))} (${formatRelative(new Date(iso), now)})`
  return (
    <section
      aria-labelledby="deliveries-heading"
      className="rounded-md border border-line bg-surface p-3"
    >
      <h2 id="deliveries-heading" className="text-base font-semibold">
        Deliveries
      </h2>
      {!status ? (
        <p role="alert" className="mt-1 text-sm text-red-800 dark:text-red-300">
          The deliveries could not be read: the store did not answer.
        </p>
      ) : (
        <>
          <p className="mt-0.5 text-sm text-muted">
            {status.enabled
              ? 'The provider’s signed webhook deliveries are stored as they arrive; the poll fills in any that were lost.'
              : 'This instance takes no deliveries (DS_WEBHOOK_SECRET is not set): the poll alone keeps the mirror current.'}
          </p>
          <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
            <dt className="text-muted">Received</dt>
            <dd>
              {number(status.received)}, of which {number(status.alreadyHeld)} already held
            </dd>
            <dt className="text-muted">Refused</dt>
            <dd>{number(status.refused)}</dd>
            <dt className="text-muted">Last delivery</dt>
            <dd>
              {status.last
                ? `${when(status.last.at)}: ${status.last.eventType ?? 'no event type'}, record ${status.last.recordId}`
                : 'none yet'}
            </dd>
          </dl>
          {status.refusals.length > 0 && (
            <>
              <h3 className="mt-3 text-sm font-semibold">Refused deliveries by reason</h3>
              <ul aria-label="Refused deliveries" className="mt-1 space-y-0.5 text-sm">
                {status.refusals.map((refusal) => (
                  <li key={refusal.reason}>
                    {REASONS[refusal.reason] ?? refusal.reason} ({refusal.status}):{' '}
                    {number(refusal.count)}, the last {when(refusal.at)},{' '}
                    {number(refusal.bodyBytes)} bytes
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  )
}
