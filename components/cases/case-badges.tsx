import { Badge, type BadgeTone } from '@/components/ui/badge'
import { riskTone } from '@/lib/aml/risk'
import { ageText, dueText, isOverdue, stateLabels, type CaseState } from '@/lib/cases/rules'
import type { CaseListItem, CaseSummary } from '@/lib/cases/types'
import { reviewWords } from '@/lib/review/review-words'
import { formatUtc } from '@/lib/util/time'

const stateTones: Record<CaseState, BadgeTone> = {
  open: 'blue',
  in_review: 'violet',
  waiting: 'amber',
  escalated: 'orange',
  awaiting_closure: 'green',
  closed: 'neutral',
}

export function StateBadge({ state }: { state: CaseState }) {
  return <Badge tone={stateTones[state]}>{stateLabels[state]}</Badge>
}

/** "due in 5 h" or "3 days late", the exact time in the tooltip; nothing once closed. */
export function DueText({ kase, now }: { kase: CaseSummary; now: Date }) {
  if (kase.state === 'closed') return <span className="text-faint">—</span>
  const due = new Date(kase.dueAt)
  const late = isOverdue({ state: kase.state, dueAt: due }, now)
  return (
    <span
      title={formatUtc(due)}
      className={late ? 'font-medium text-red-700 dark:text-red-300' : undefined}
    >
      {dueText(due, now)}
    </span>
  )
}

/** The case's age from its record's time, the record's time in the tooltip. */
export function AgeText({ kase, now }: { kase: CaseSummary; now: Date }) {
  const since = new Date(kase.since)
  return <span title={formatUtc(since)}>{ageText(since, now)}</span>
}

export function riskText(kase: Pick<CaseSummary, 'kind' | 'risk'>) {
  return kase.kind === 'failed_verification' ? 'Failed verification' : `${kase.risk ?? '?'} risk`
}

/** The case's risk as the queue shows it: the screening's level, or a failed verification. */
export function RiskBadge({ kase }: { kase: Pick<CaseSummary, 'kind' | 'risk'> }) {
  return kase.kind === 'failed_verification' ? (
    <Badge tone="red">Verification failed</Badge>
  ) : (
    <Badge tone={riskTone(kase.risk)}>{kase.risk ?? 'Risk unknown'}</Badge>
  )
}

/** "2 of 4 matches reviewed" for a screening; a verification has no matches. */
export function MatchesText({ kase }: { kase: CaseListItem }) {
  if (kase.matches === null) return <span className="text-faint">—</span>
  return <>{reviewWords(kase.matches, kase.reviewed ?? 0, kase.awaiting ?? 0)}</>
}
