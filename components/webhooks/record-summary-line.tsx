import { Fragment, type ReactNode } from 'react'

import { IdentityValue } from '@/components/ui/identity-value'
import { RiskLevel } from '@/components/webhooks/risk-level'
import type { RecordSummary } from '@/lib/webhooks/summary'
import { shortId } from '@/lib/webhooks/uuid-prefix'

/** What a record is about, in one line, built for its event type. */
export function RecordSummaryLine({ summary }: { summary: RecordSummary }) {
  switch (summary.kind) {
    case 'aml': {
      const { aml } = summary
      return (
        <Facts>
          {aml.requestedName && (
            <span className="font-medium text-zinc-900 dark:text-zinc-100">
              <IdentityValue kind="name" value={aml.requestedName} />
            </span>
          )}
          {aml.matchCount !== null && <span>{matches(aml.matchCount)}</span>}
          {aml.highestRisk && <RiskLevel level={aml.highestRisk} />}
          {aml.externalId && <span>ext. {aml.externalId}</span>}
          {aml.applicantId && <span>applicant {shortId(aml.applicantId)}</span>}
        </Facts>
      )
    }
    case 'verification':
      return (
        <Facts>
          {(summary.verificationShortId ?? summary.verificationId) && (
            <span className="font-medium text-zinc-900 dark:text-zinc-100">
              Verification {summary.verificationShortId ?? shortId(summary.verificationId ?? '')}
            </span>
          )}
          {summary.status && <Status value={summary.status} />}
          {summary.applicantId && <span>applicant {shortId(summary.applicantId)}</span>}
        </Facts>
      )
    case 'check':
      return (
        <Facts>
          {summary.step && (
            <span className="font-medium text-zinc-900 dark:text-zinc-100">{summary.step}</span>
          )}
          {summary.status && <Status value={summary.status} />}
          {summary.errorCount > 0 && (
            <span className="text-red-700 dark:text-red-300">
              {summary.errorCount} {summary.errorCount === 1 ? 'error' : 'errors'}
            </span>
          )}
          {(summary.verificationShortId ?? summary.verificationId) && (
            <span>
              verification {summary.verificationShortId ?? shortId(summary.verificationId ?? '')}
            </span>
          )}
        </Facts>
      )
    case 'other':
      return (
        <Facts>
          {summary.facts.map((fact) => (
            <span key={fact.label}>
              {fact.label} {shortId(fact.value)}
            </span>
          ))}
        </Facts>
      )
  }
}

function matches(count: number) {
  if (count === 0) return 'no matches'
  return `${count} ${count === 1 ? 'match' : 'matches'}`
}

const statusTones: Record<string, string> = {
  verified: 'text-emerald-700 dark:text-emerald-300',
  failed: 'text-red-700 dark:text-red-300',
}

function Status({ value }: { value: string }) {
  return (
    <span className={`font-medium ${statusTones[value] ?? ''}`}>{value.replaceAll('_', ' ')}</span>
  )
}

/** Facts separated by a middle dot; absent facts leave no separator behind. */
function Facts({ children }: { children: ReactNode[] | ReactNode }) {
  const items = (Array.isArray(children) ? children.flat() : [children]).filter(
    (child) => child !== null && child !== undefined && child !== false && child !== '',
  )
  return (
    <span className="text-muted">
      {items.map((item, index) => (
        <Fragment key={index}>
          {index > 0 && <span aria-hidden="true"> · </span>}
          {item}
        </Fragment>
      ))}
    </span>
  )
}
