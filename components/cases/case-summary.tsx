import Link from 'next/link'

import { Timestamp } from '@/components/ui/timestamp'
import { caseEventText } from '@/lib/cases/event-words'
import { outcomeLabels } from '@/lib/cases/rules'
import type { CaseDetail, CaseEvent, Undecided } from '@/lib/cases/types'
import { casePath, reportPath } from '@/lib/routes'

import { CaseActions } from './case-actions'
import { AgeText, DueText, riskText, StateBadge } from './case-badges'

/** The case's facts and the actions the viewer may take: the case page and the record pages. */
export function CaseFacts({
  detail,
  now,
  link,
  undecided,
}: {
  detail: CaseDetail
  now: Date
  link?: boolean
  /** What the close form says is still undecided (the case page's). */
  undecided?: Undecided | null | undefined
}) {
  const { kase } = detail
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-faint">Case</dt>
        <dd>
          {link ? (
            <Link href={casePath(kase.id)} className="underline">
              Case {kase.id}
            </Link>
          ) : (
            `Case ${kase.id}`
          )}{' '}
          · {riskText(kase)}
        </dd>
        <dt className="text-faint">Applicant</dt>
        <dd className="break-words" data-testid="case-name">
          {kase.name ?? <span className="text-faint">Name unknown</span>}
        </dd>
        <dt className="text-faint">Record time</dt>
        <dd data-testid="case-record-time">
          <Timestamp value={kase.since} mode="absolute" /> · <AgeText kase={kase} now={now} /> ago
        </dd>
        <dt className="text-faint">State</dt>
        <dd>
          <StateBadge state={kase.state} />
          {kase.state === 'waiting' && kase.snoozedUntil && (
            <span className="ml-2 text-xs">
              until <Timestamp value={kase.snoozedUntil} mode="absolute" />
            </span>
          )}
        </dd>
        <dt className="text-faint">Owner</dt>
        <dd data-testid="case-owner">{kase.ownerLabel ?? 'Unassigned'}</dd>
        <dt className="text-faint">Due</dt>
        <dd>
          <DueText kase={kase} now={now} />
        </dd>
        {kase.outcome && (
          <>
            <dt className="text-faint">Outcome</dt>
            <dd>
              {outcomeLabels[kase.outcome]}: <span className="break-words">{kase.closeReason}</span>
            </dd>
          </>
        )}
      </dl>
      <CaseActions
        kase={kase}
        viewer={detail.viewer}
        analysts={detail.analysts}
        undecided={undecided}
      />
    </div>
  )
}

export function CaseEventLog({ events }: { events: CaseEvent[] }) {
  return (
    <ol aria-label="Case events" className="divide-y divide-hairline">
      {events.map((event) => (
        <li key={event.id} className="py-1.5">
          <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-faint">
            <span className="font-medium break-all text-zinc-700 dark:text-zinc-300">
              {event.user}
            </span>
            <Timestamp value={event.at} mode="absolute" />
          </p>
          <p>
            {event.reportId === null ? (
              caseEventText(event)
            ) : (
              <Link href={reportPath(event.reportId)} className="text-link hover:underline">
                {caseEventText(event)}
              </Link>
            )}
          </p>
        </li>
      ))}
    </ol>
  )
}
