import type { TrailStatus } from '@/lib/audit/activity-types'

/** Whether the audit trail's chain verifies under the key, and since when it was read whole. */
export function TrailStatusNote({ status }: { status: TrailStatus | null }) {
  if (!status) {
    return (
      <p role="alert" className="text-sm text-red-800 dark:text-red-300">
        The audit trail could not be checked: the store did not answer.
      </p>
    )
  }
  const { verification, fullAt } = status
  if (!verification.ok) {
    return (
      <p
        role="alert"
        className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200"
      >
        <span className="font-medium">The audit trail does not verify</span> at row{' '}
        {verification.seq}: {verification.reason}. Run <code>npm run audit:verify</code> and see
        docs/operations.md.
      </p>
    )
  }
  return (
    <p role="status" className="text-sm text-muted">
      <span className="font-medium text-emerald-800 dark:text-emerald-300">
        The audit trail verifies
      </span>
      : {verification.rows.toLocaleString('en')} rows, each linked to the one before under the key,
      up to its head record (whole chain read at {fullAt.toISOString().slice(11, 19)} UTC, new rows
      since then now).
    </p>
  )
}
