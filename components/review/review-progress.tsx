'use client'

import { useQuery } from '@tanstack/react-query'

import { decisionsQueryOptions } from '@/lib/queries/decisions'

/** How far review of the report has come; follows the decisions as they are refetched. */
export function ReviewProgress({
  searchId,
  subject,
  total,
}: {
  searchId: string
  subject: string | null
  total: number
}) {
  const { data, isError } = useQuery(decisionsQueryOptions(searchId, subject))
  if (!data) {
    return (
      <span className="text-muted">
        {isError ? 'Decisions could not be read from the store.' : 'Reading decisions…'}
      </span>
    )
  }
  const { reviewed, awaitingSecond } = data.counts
  const unreviewed = Math.max(total - reviewed, 0)
  return (
    <span className="tabular-nums">
      <span className="font-medium">{reviewed}</span> reviewed ·{' '}
      <span className={unreviewed > 0 ? 'font-medium text-amber-800 dark:text-amber-300' : ''}>
        {unreviewed}
      </span>{' '}
      unreviewed
      {awaitingSecond > 0 && <> · {awaitingSecond} awaiting a second analyst</>}
    </span>
  )
}
