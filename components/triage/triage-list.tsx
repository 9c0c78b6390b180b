import 'server-only'

import type { ReactNode } from 'react'

import { Badge } from '@/components/ui/badge'
import { Card } from '@/components/ui/card'
import { IntentLink } from '@/components/ui/intent-link'
import { Timestamp } from '@/components/ui/timestamp'
import { riskTone } from '@/lib/aml/risk'
import type { Triage } from '@/lib/review/triage'
import { amlReportPath, verificationPath, webhooksPath } from '@/lib/routes'

const linkClass = 'font-medium text-blue-700 hover:underline dark:text-blue-300'

/** What needs an analyst, from the newest webhook history; each row opens its record in context. */
export function TriageList({ triage }: { triage: Triage | null }) {
  const found = triage
  if (!found) {
    return (
      <p role="alert" className="text-sm text-red-800 dark:text-red-300">
        The webhook history could not be read, so the work list is not shown. The records themselves
        can still be opened from the search box.
      </p>
    )
  }
  const { screenings, failed, window } = found
  return (
    <div className="space-y-4">
      <Card
        id="screenings-to-review"
        title={`Screenings to review (${screenings.length})`}
        actions={<WindowNote window={window} />}
      >
        {screenings.length === 0 ? (
          <p className="text-zinc-600 dark:text-zinc-400">
            Every High or Medium risk screening in this window has all its matches reviewed.
          </p>
        ) : (
          <ul className="-my-1 divide-y divide-zinc-100 dark:divide-zinc-800">
            {screenings.map((item) => (
              <TriageRow
                key={item.recordId}
                href={amlReportPath(item.searchUuid, item.subject)}
                label={item.name ?? 'Unnamed screening'}
                at={item.at}
              >
                <Badge tone={riskTone(item.risk)}>{item.risk}</Badge>
                <span className="text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
                  {reviewWords(item.matches, item.reviewed, item.awaitingSecond)}
                </span>
              </TriageRow>
            ))}
          </ul>
        )}
      </Card>
      <Card id="failed-verifications" title={`Failed verifications (${failed.length})`}>
        {failed.length === 0 ? (
          <p className="text-zinc-600 dark:text-zinc-400">No verification failed in this window.</p>
        ) : (
          <ul className="-my-1 divide-y divide-zinc-100 dark:divide-zinc-800">
            {failed.map((item) => (
              <TriageRow
                key={item.recordId}
                href={verificationPath(item.shortId)}
                label={item.shortId}
                mono
                at={item.at}
              />
            ))}
          </ul>
        )}
      </Card>
    </div>
  )
}

/** One record to look at: its link, what to know of it at a glance, and when it came. */
function TriageRow({
  href,
  label,
  mono = false,
  at,
  children,
}: {
  href: string
  label: string
  mono?: boolean
  at: string | null
  children?: ReactNode
}) {
  return (
    <li className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 py-1.5">
      <IntentLink
        href={href}
        className={`${linkClass} min-w-0 flex-[1_1_100%] truncate sm:flex-1 ${mono ? 'font-mono text-xs' : ''}`}
      >
        {label}
      </IntentLink>
      {children}
      <span className="ml-auto w-24 text-right text-xs text-zinc-500 dark:text-zinc-400">
        <Timestamp value={at} />
      </span>
    </li>
  )
}

function reviewWords(matches: number, reviewed: number, awaiting: number) {
  const base = `${reviewed} of ${matches} ${matches === 1 ? 'match' : 'matches'} reviewed`
  return awaiting > 0 ? `${base}, ${awaiting} awaiting a second analyst` : base
}

function WindowNote({ window }: { window: Triage['window'] }) {
  return (
    <span className="text-xs text-zinc-500 dark:text-zinc-400">
      {window.complete ? 'All' : 'Newest'} {window.records.toLocaleString('en')} notifications
      {window.oldest && (
        <>
          {' '}
          since <Timestamp value={window.oldest} />
        </>
      )}{' '}
      ·{' '}
      <IntentLink href={webhooksPath()} className={linkClass}>
        History
      </IntentLink>
    </span>
  )
}
