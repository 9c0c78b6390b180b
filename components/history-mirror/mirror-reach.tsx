import 'server-only'

import { Timestamp } from '@/components/ui/timestamp'
import type { MirrorStatus } from '@/lib/history-mirror/status'

/**
 * How far the mirror reaches, so an analyst knows what a list over it covers: "History mirrored
 * to 25 Nov 06:00, 3,137 records; backfill complete". While the backfill still runs, older work
 * may be missing, and the note says so.
 */
export function MirrorReach({ mirror }: { mirror: MirrorStatus | null }) {
  if (!mirror) {
    return (
      <p role="alert" className="text-sm text-red-800 dark:text-red-300">
        The store did not answer, so how far the history mirror reaches is not known.
      </p>
    )
  }
  const records = mirror.records.toLocaleString('en')
  const { backfill } = mirror
  return (
    <div className="space-y-1 text-xs text-muted">
      <p data-testid="mirror-reach">
        {mirror.newestAt ? (
          <>
            History mirrored to <Timestamp value={mirror.newestAt} mode="absolute" />, {records}{' '}
            {mirror.records === 1 ? 'record' : 'records'}
          </>
        ) : (
          <>Nothing mirrored yet</>
        )}
        ; backfill{' '}
        {backfill.done
          ? 'complete'
          : backfill.percent !== null
            ? `${backfill.percent}%`
            : `running (${backfill.records.toLocaleString('en')} records read so far)`}
        .
      </p>
      {!backfill.done && (
        <p role="status" className="text-amber-800 dark:text-amber-300">
          The history is still being copied from the provider, oldest records last: work older than{' '}
          {mirror.oldestAt ? <Timestamp value={mirror.oldestAt} mode="absolute" /> : 'this'} is not
          listed yet.
        </p>
      )}
    </div>
  )
}
