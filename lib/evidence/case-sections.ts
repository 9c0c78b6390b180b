import 'server-only'

import { caseEventText } from '@/lib/cases/event-words'
import { dueText, outcomeLabels, stateLabels } from '@/lib/cases/rules'
import type { CaseEvent, CaseSummary } from '@/lib/cases/types'
import type { PackSection } from '@/lib/evidence/contract'

import { NONE, text, when } from './words'

/*
 * A case as its page shows it: who has it, where it stands, when it is due, how it closed, and
 * every event of its log (oldest first), beside the record it is about.
 */

export function caseSection(kase: CaseSummary, events: CaseEvent[], now: Date): PackSection {
  const due = new Date(kase.dueAt)
  return {
    key: 'case',
    title: `Case ${kase.id}`,
    blocks: [
      {
        kind: 'facts',
        facts: [
          { label: 'Case', value: String(kase.id) },
          { label: 'Applicant', value: text(kase.name) },
          {
            label: 'About',
            value: `${kase.resourceType === 'aml_search' ? 'AML report' : 'Verification'} ${kase.resourceId}`,
          },
          {
            label: 'Kind',
            value:
              kase.kind === 'failed_verification'
                ? 'Failed verification'
                : `Screening, ${kase.risk ?? 'unknown'} risk`,
          },
          {
            label: 'State',
            value:
              kase.state === 'waiting' && kase.snoozedUntil
                ? `${stateLabels[kase.state]} until ${when(kase.snoozedUntil)}`
                : stateLabels[kase.state],
          },
          { label: 'Owner', value: kase.ownerLabel ?? 'Unassigned' },
          {
            label: 'Due',
            value: kase.state === 'closed' ? when(due) : `${when(due)} (${dueText(due, now)})`,
          },
          {
            label: 'Outcome',
            value: kase.outcome
              ? `${outcomeLabels[kase.outcome]}: ${text(kase.closeReason)}`
              : NONE,
          },
          { label: 'Made', value: when(kase.createdAt) },
        ],
      },
      { kind: 'subheading', text: 'Event log' },
      {
        kind: 'table',
        columns: ['When', 'Who', 'Event', 'State'],
        widths: [1.5, 1.5, 3.2, 1.1],
        rows: events.map((event) => [
          when(event.at),
          event.user,
          caseEventText(event),
          event.toState
            ? (stateLabels[event.toState as keyof typeof stateLabels] ?? event.toState)
            : NONE,
        ]),
      },
    ],
  }
}
