import 'server-only'

import { Badge } from '@/components/ui/badge'
import { IntentLink } from '@/components/ui/intent-link'
import { Timestamp } from '@/components/ui/timestamp'
import { riskTone } from '@/lib/aml/risk'
import type { ApplicantEvent } from '@/lib/applicants/history'
import { reviewWords } from '@/lib/review/review-words'
import { amlReportPath, verificationPath } from '@/lib/routes'

const linkClass = 'font-medium text-link hover:underline'
const quiet = 'text-xs text-muted'

/** An applicant's events, newest first: what each was, how far its review got, its notes. */
export function ApplicantEvents({ events }: { events: readonly ApplicantEvent[] }) {
  return (
    <ol aria-label="Events, newest first" className="divide-y divide-hairline">
      {events.map((event) => (
        <li
          key={event.recordId}
          data-record-id={event.recordId}
          className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 py-2"
        >
          <span className="w-40 shrink-0 text-xs text-faint">
            <Timestamp value={event.at} mode="absolute" />
          </span>
          <Badge>{event.eventType ?? 'Unknown event'}</Badge>
          <EventBody event={event} />
          {event.notes > 0 && (
            <span className={quiet}>
              {event.notes} {event.notes === 1 ? 'note' : 'notes'}
            </span>
          )}
        </li>
      ))}
    </ol>
  )
}

function EventBody({ event }: { event: ApplicantEvent }) {
  if (event.searchUuid) {
    return (
      <>
        <IntentLink href={amlReportPath(event.searchUuid, event.subject)} className={linkClass}>
          {event.name ?? 'Unnamed screening'}
        </IntentLink>
        {event.risk && <Badge tone={riskTone(event.risk)}>{event.risk}</Badge>}
        {event.matches !== null && (
          <span className={`${quiet} tabular-nums`}>
            {event.matches === 0
              ? 'no matches'
              : reviewWords(event.matches, event.reviewed, event.awaitingSecond)}
          </span>
        )}
      </>
    )
  }
  if (event.shortId) {
    return (
      <>
        <IntentLink
          href={verificationPath(event.shortId)}
          className={`${linkClass} font-mono text-xs`}
        >
          {event.shortId}
        </IntentLink>
        {event.status && (
          <Badge tone={event.status === 'failed' ? 'red' : 'neutral'}>{event.status}</Badge>
        )}
        {event.errorCodes.length > 0 && (
          <span className={quiet}>errors {event.errorCodes.join(', ')}</span>
        )}
      </>
    )
  }
  return (
    <span className={quiet}>
      {event.payloadState === 'ok' ? 'Record' : 'Record with an unreadable payload'}{' '}
      <span className="font-mono">{event.recordId}</span>
    </span>
  )
}
