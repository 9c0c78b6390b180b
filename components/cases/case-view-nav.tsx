import Link from 'next/link'

import { CASE_VIEWS, queueHref, viewLabels, type CaseViewName } from '@/lib/cases/views'

const tab =
  'rounded px-2 py-1 hover:bg-subtle aria-[current=page]:bg-zinc-900 aria-[current=page]:text-white dark:aria-[current=page]:bg-zinc-100 dark:aria-[current=page]:text-zinc-900'

/**
 * The queue's navigation: the records to review (`/queue`) and each case view with its count, on
 * both, so the views are found from the header's Queue link. `current` is null on the records.
 */
export function CaseViewNav({
  counts,
  current,
}: {
  counts: Record<CaseViewName, number>
  current: CaseViewName | null
}) {
  return (
    <nav aria-label="Case views" className="flex flex-wrap gap-1 text-sm">
      <Link href="/queue" aria-current={current === null ? 'page' : undefined} className={tab}>
        Records
      </Link>
      <span aria-hidden className="self-center text-zinc-400">
        ·
      </span>
      {CASE_VIEWS.map((view) => (
        <Link
          key={view}
          href={queueHref({ view })}
          aria-current={view === current ? 'page' : undefined}
          className={tab}
        >
          {viewLabels[view]} <span className="tabular-nums opacity-75">{counts[view]}</span>
        </Link>
      ))}
    </nav>
  )
}
