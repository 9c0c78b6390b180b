import 'server-only'

import { Badge } from '@/components/ui/badge'
import { IntentLink } from '@/components/ui/intent-link'
import { Timestamp } from '@/components/ui/timestamp'
import { riskTone } from '@/lib/aml/risk'
import type { QueueRow } from '@/lib/queue/queue'
import { amlReportPath, applicantPath, verificationPath } from '@/lib/routes'

const linkClass = 'font-medium text-link hover:underline'

/**
 * The queue's rows: what to open, its risk, how far its review got, how long it has waited, and
 * the applicant's other events. A list rather than a table so a phone shows each row whole.
 */
export function QueueRows({ rows, label }: { rows: readonly QueueRow[]; label: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-hairline">
      {rows.map((row) => (
        <li
          key={row.recordId}
          className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 py-1.5"
          data-record-id={row.recordId}
        >
          {row.kind === 'screening' ? (
            <>
              <IntentLink
                href={amlReportPath(row.searchUuid, row.subject)}
                className={`${linkClass} min-w-0 flex-[1_1_100%] truncate sm:flex-1`}
              >
                {row.name ?? 'Unnamed screening'}
              </IntentLink>
              <Badge tone={riskTone(row.risk)}>{row.risk}</Badge>
              <span className="text-xs text-muted tabular-nums sm:min-w-44">
                {reviewWords(row.matches, row.reviewed, row.awaitingSecond)}
              </span>
            </>
          ) : (
            <>
              <IntentLink
                href={verificationPath(row.shortId)}
                className={`${linkClass} min-w-0 flex-[1_1_100%] truncate font-mono text-xs sm:flex-1`}
              >
                {row.shortId}
              </IntentLink>
              <Badge tone="red">Verification failed</Badge>
            </>
          )}
          {row.applicantId && (
            <IntentLink
              href={applicantPath(row.applicantId)}
              className="text-xs text-link hover:underline"
              aria-label={`Applicant of ${row.kind === 'screening' ? (row.name ?? 'this screening') : row.shortId}`}
            >
              Applicant
            </IntentLink>
          )}
          <span className="ml-auto w-24 text-right text-xs text-faint">
            <Timestamp value={row.at} />
          </span>
        </li>
      ))}
    </ul>
  )
}

export function reviewWords(matches: number, reviewed: number, awaiting: number) {
  const base = `${reviewed} of ${matches} ${matches === 1 ? 'match' : 'matches'} reviewed`
  return awaiting > 0 ? `${base}, ${awaiting} awaiting a second analyst` : base
}
