import 'server-only'

import { MirrorReach } from '@/components/history-mirror/mirror-reach'
import { Card } from '@/components/ui/card'
import { IntentLink } from '@/components/ui/intent-link'
import type { CaseKind } from '@/lib/cases/rules'
import type { OpenWork as Work } from '@/lib/cases/service'
import type { CaseListItem } from '@/lib/cases/types'
import { queueHref } from '@/lib/cases/views'
import { casePath } from '@/lib/routes'

import { AgeText, DueText, MatchesText, RiskBadge } from './case-badges'

const linkClass = 'font-medium text-link hover:underline'

/**
 * The home page's look at the work queue: the first open cases of each kind as the queue lists
 * them (soonest due first), how many there are, and the way to all of them.
 */
export function OpenWork({ work, now }: { work: Work | null; now: Date }) {
  if (!work) {
    return (
      <p role="alert" className="text-sm text-red-800 dark:text-red-300">
        The store did not answer, so the work queue is not shown. The records themselves can still
        be opened from the search box.
      </p>
    )
  }
  const { screenings, failed, mirror } = work
  return (
    <div className="space-y-4">
      <MirrorReach mirror={mirror} />
      <Card
        id="screenings-to-review"
        title="Screenings to review"
        actions={<QueueLink kind="screening" total={screenings.total} />}
      >
        {screenings.cases.length === 0 ? (
          <p className="text-muted">No screening case is open.</p>
        ) : (
          <OpenCases cases={screenings.cases} now={now} label="Open screening cases, soonest due" />
        )}
      </Card>
      <Card
        id="failed-verifications"
        title="Failed verifications"
        actions={<QueueLink kind="failed_verification" total={failed.total} />}
      >
        {failed.cases.length === 0 ? (
          <p className="text-muted">No failed verification case is open.</p>
        ) : (
          <OpenCases
            cases={failed.cases}
            now={now}
            label="Open failed verification cases, soonest due"
          />
        )}
      </Card>
      <p className="text-sm">
        <IntentLink href={queueHref({})} className={linkClass}>
          Open the work queue
        </IntentLink>{' '}
        <span className="text-muted">
          to take the next case, filter and page through all of it.
        </span>
      </p>
    </div>
  )
}

/** A list rather than a table so a phone shows each case whole. */
function OpenCases({ cases, now, label }: { cases: CaseListItem[]; now: Date; label: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-hairline">
      {cases.map((kase) => (
        <li key={kase.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 py-1.5">
          <IntentLink
            href={casePath(kase.id)}
            className={`${linkClass} min-w-0 flex-[1_1_100%] truncate sm:flex-1`}
          >
            {kase.name ?? `Case ${kase.id}`}
          </IntentLink>
          <RiskBadge kase={kase} />
          {kase.matches !== null && (
            <span className="text-xs text-muted tabular-nums sm:min-w-40">
              <MatchesText kase={kase} />
            </span>
          )}
          <span className="text-xs text-muted sm:w-24 sm:text-right">
            <DueText kase={kase} now={now} />
          </span>
          <span className="ml-auto text-xs text-faint sm:w-20 sm:text-right">
            <AgeText kase={kase} now={now} /> old
          </span>
        </li>
      ))}
    </ul>
  )
}

function QueueLink({ kind, total }: { kind: CaseKind; total: number }) {
  return (
    <IntentLink href={queueHref({ kind })} className={`${linkClass} text-xs`}>
      All {total.toLocaleString('en')} in the queue
    </IntentLink>
  )
}
