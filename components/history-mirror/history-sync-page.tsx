import Link from 'next/link'

import type { MirrorStatus, SetAsideRecord } from '@/lib/history-mirror/status-types'
import { amlReportPath } from '@/lib/routes'
import { formatDuration, formatRelative, formatUtc } from '@/lib/util/time'

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
        <>
          <MirrorFacts status={status} now={now} />
          <SetAside count={status.setAside.count} records={status.setAside.records} now={now} />
        </>
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

/** Records the store refused: the sync moved on without them and tries them again later. */
function SetAside({
  count,
  records,
  now,
}: {
  count: number
  records: SetAsideRecord[]
  now: Date
}) {
  return (
    <section aria-labelledby="set-aside-heading" className="space-y-2">
      <h2 id="set-aside-heading" className="text-base font-semibold">
        Records set aside: {number(count)}
      </h2>
      {count === 0 ? (
        <p className="text-sm text-muted">None: the store took every record read.</p>
      ) : (
        <>
          <p className="text-sm text-muted">
            The store refused these records, so the sync set them aside and moved on. Each is tried
            again when it is read again, and on its own schedule (from a minute to a day apart).
            {count > records.length && ` The ${records.length} most recently met are listed.`}
          </p>
          <div className="overflow-x-auto rounded-md border border-line bg-surface">
            <table className="w-full text-left text-sm">
              <thead className="text-muted">
                <tr>
                  <th className="p-2 font-normal">Record</th>
                  <th className="p-2 font-normal">Why</th>
                  <th className="p-2 font-normal">Size</th>
                  <th className="p-2 font-normal">First seen</th>
                  <th className="p-2 font-normal">Last seen</th>
                  <th className="p-2 font-normal">Attempts</th>
                </tr>
              </thead>
              <tbody>
                {records.map((record) => (
                  <tr key={`${record.id}/${record.idLength}`} className="border-t border-line">
                    <td className="max-w-64 p-2 font-mono text-xs break-all">
                      {record.id}
                      {record.idLength > record.id.length &&
                        ` … (${number(record.idLength)} characters)`}
                      {record.searchUuid && (
                        <Link
                          href={amlReportPath(record.searchUuid)}
                          className="mt-1 block font-sans text-link hover:underline"
                        >
                          Open its AML report
                        </Link>
                      )}
                    </td>
                    <td className="p-2">{record.error}</td>
                    <td className="p-2 whitespace-nowrap">{number(record.bytes)} bytes</td>
                    <td className="p-2 whitespace-nowrap">
                      {formatRelative(new Date(record.firstSeenAt), now)}
                    </td>
                    <td className="p-2 whitespace-nowrap">
                      {formatRelative(new Date(record.lastSeenAt), now)}
                    </td>
                    <td className="p-2">{number(record.attempts)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  )
}
