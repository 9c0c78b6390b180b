import 'server-only'

import { Badge } from '@/components/ui/badge'
import { IntentLink } from '@/components/ui/intent-link'
import { Timestamp } from '@/components/ui/timestamp'
import { riskTone } from '@/lib/aml/risk'
import { amlReportPath, applicantPath, verificationPath } from '@/lib/routes'
import type { SearchHit } from '@/lib/search/mirror'

const linkClass = 'font-medium text-link hover:underline'

const MATCHED_WORDS: Record<SearchHit['matchedBy'], string> = {
  name: 'name',
  applicant: 'applicant id',
  screening: 'screening id',
  search: 'search id',
  external: 'external id',
  verification: 'verification id',
  record: 'record id',
}

/** Found records, newest first: each opens its report or verification, and its applicant. */
export function SearchHits({ hits, label }: { hits: readonly SearchHit[]; label: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-hairline">
      {hits.map((hit) => (
        <li
          key={hit.recordId}
          data-record-id={hit.recordId}
          className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 py-1.5"
        >
          <HitLink hit={hit} />
          {hit.risk && <Badge tone={riskTone(hit.risk)}>{hit.risk}</Badge>}
          {hit.matches !== null && (
            <span className="text-xs text-muted tabular-nums">
              {hit.matches} {hit.matches === 1 ? 'match' : 'matches'}
            </span>
          )}
          {hit.matchedBy !== 'name' && (
            <span className="text-xs text-muted">by {MATCHED_WORDS[hit.matchedBy]}</span>
          )}
          {hit.applicantId && (
            <IntentLink
              href={applicantPath(hit.applicantId)}
              className="text-xs text-link hover:underline"
            >
              Applicant
            </IntentLink>
          )}
          <span className="ml-auto w-24 text-right text-xs text-faint">
            <Timestamp value={hit.at} />
          </span>
        </li>
      ))}
    </ul>
  )
}

function HitLink({ hit }: { hit: SearchHit }) {
  const className = `${linkClass} min-w-0 flex-[1_1_100%] truncate sm:flex-1`
  if (hit.searchUuid) {
    return (
      <IntentLink href={amlReportPath(hit.searchUuid, hit.subject)} className={className}>
        {hit.name ?? 'Unnamed screening'}
      </IntentLink>
    )
  }
  if (hit.shortId) {
    return (
      <IntentLink href={verificationPath(hit.shortId)} className={`${className} font-mono text-xs`}>
        {hit.eventType ?? 'Record'} {hit.shortId}
        {hit.status ? ` (${hit.status})` : ''}
      </IntentLink>
    )
  }
  return (
    <span className={`min-w-0 flex-[1_1_100%] truncate sm:flex-1`}>
      {hit.eventType ?? 'Record'} <span className="font-mono text-xs">{hit.recordId}</span>
    </span>
  )
}
