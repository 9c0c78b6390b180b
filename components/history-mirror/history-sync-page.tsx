import type { MirrorStatus } from '@/lib/history-mirror/status-types'
import { formatDuration, formatRelative, formatUtc } from '@/lib/time'

const number = (value: number) => value.toLocaleString('en')

/** How far the store's mirror of the webhook history reaches, and how its sync is doing. */
export function HistorySyncPageBody({ status, now }: { status: MirrorStatus | null; now: Date }) {
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-xl font-semibold">History sync</h1>
        <p className="mt-0.5 text-sm text-muted">
          The store keeps a copy of the facts of every webhook history record (ids, names, risks,
          statuses), which the lists across the whole history read. One instance at a time reads the
          upstream to keep it current.
        </p>
      </div>
      {status ? (
        <MirrorFacts status={status} now={now} />
      ) : (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          The sync status could not be read: the store did not answer.
        </p>
      )}
    </div>
  )
}

function MirrorFacts({ status, now }: { status: MirrorStatus; now: Date }) {
  const { backfill } = status
  const when = (iso: string | null) =>
    iso ? `${formatUtc(new Date(iso))} (${formatRelative(new Date(iso), now)})` : 'never'
  const rows: [string, string][] = [
    ['Records mirrored', number(status.records)],
    [
      'Reaches',
      status.oldestAt && status.newestAt
        ? `from ${formatUtc(new Date(status.oldestAt))} to ${formatUtc(new Date(status.newestAt))}`
        : 'nothing yet',
    ],
    [
      'Backfill',
      backfill.done
        ? `done: ${number(backfill.records)} records in ${number(backfill.pages)} pages`
        : `running: ${number(backfill.records)} records in ${number(backfill.pages)} pages so far` +
          (backfill.percent !== null ? `, ${backfill.percent}%` : '') +
          (backfill.etaSeconds !== null
            ? `, about ${formatDuration(backfill.etaSeconds * 1_000)} left`
            : ''),
    ],
    [
      'Backfill rate',
      backfill.perSecond !== null ? `${number(backfill.perSecond)} records/s` : '–',
    ],
    ['Last poll', when(status.lastPollAt)],
    [
      'Lag behind the upstream',
      status.lagSeconds !== null ? `${number(status.lagSeconds)} s` : '–',
    ],
    ['Syncing instance', status.holder ?? 'none holds the sync lease now'],
  ]
  return (
    <section aria-label="Sync status" className="rounded-md border border-line bg-surface p-3">
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {status.lastError && (
        <p className="mt-3 text-sm text-amber-900 dark:text-amber-200">
          Last error, {when(status.lastError.at)}: {status.lastError.message}
        </p>
      )}
    </section>
  )
}
