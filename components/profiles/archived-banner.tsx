import { Timestamp } from '@/components/ui/timestamp'

export function ArchivedBanner({ archivedAt }: { archivedAt: string | null | undefined }) {
  return (
    <div
      role="note"
      className="rounded-md border border-amber-300 bg-amber-50 px-4 py-2.5 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100"
    >
      <span className="font-semibold">This profile is archived.</span> It cannot be used for new
      verifications.
      {archivedAt && (
        <span className="text-amber-900 dark:text-amber-200">
          {' '}
          Its link was archived <Timestamp value={archivedAt} />.
        </span>
      )}
    </div>
  )
}
