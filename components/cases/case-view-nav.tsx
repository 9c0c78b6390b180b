import Link from 'next/link'

import { CASE_VIEWS, queueHref, viewLabels, type CaseViewName } from '@/lib/cases/views'

const tab =
  'rounded px-2 py-1 whitespace-nowrap hover:bg-subtle aria-[current=page]:bg-zinc-900 aria-[current=page]:text-white dark:aria-[current=page]:bg-zinc-100 dark:aria-[current=page]:text-zinc-900'

/**
 * The queue's views, each with its count: the open cases (`/queue`, where the queue opens), then
 * mine, unassigned, due today and the rest. A tab's count is what its list totals unfiltered.
 */
export function CaseViewNav({
  counts,
  current,
}: {
  counts: Record<CaseViewName, number>
  current: CaseViewName
}) {
  return (
    <nav aria-label="Case views" className="flex flex-wrap gap-1 text-sm">
      {CASE_VIEWS.map((view) => (
        <Link
          key={view}
          href={queueHref({ view })}
          aria-current={view === current ? 'page' : undefined}
          className={tab}
        >
          {viewLabels[view]}{' '}
          <span className="tabular-nums opacity-75">{counts[view].toLocaleString('en')}</span>
        </Link>
      ))}
    </nav>
  )
}
