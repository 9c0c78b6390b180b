import { outcomeLabels } from './rules'
import type { CaseEvent } from './types'

/* A case event in words, the same on the case page and in its evidence pack: browser-safe. */

const EVENT_WORDS: Record<string, string> = {
  created: 'Case made',
  claimed: 'Claimed',
  released: 'Released',
  assigned: 'Assigned',
  state_changed: 'State changed',
  escalated: 'Escalated',
  snoozed: 'Waiting on the customer',
  closed: 'Closed',
  close_proposed: 'Closing proposed',
  closure_confirmed: 'Closing confirmed',
  closure_returned: 'Closing sent back',
  qa_failed: 'Reopened by a QA fail',
  reopened: 'Reopened',
  note_added: 'Note added',
  decision_recorded: 'Decision recorded',
  record_changed: 'Record changed',
}

/* A report to the FIU's moves (kind `report_<move>`), shown only to leads and its drafter. */
const REPORT_WORDS: Record<string, string> = {
  created: 'drafted',
  submit: 'submitted for approval',
  approve: 'approved',
  return: 'sent back to its drafter',
  file: 'filed with the FIU',
  acknowledge: 'acknowledged by the FIU',
  reject: 'rejected by the FIU',
}

function reportEventText(event: CaseEvent & { reportId: number }) {
  const move = event.kind.slice('report_'.length)
  const text = `Report ${event.reportId} ${REPORT_WORDS[move] ?? move}`
  return event.reason ? `${text}: ${event.reason}` : text
}

export function caseEventText(event: CaseEvent) {
  if (event.reportId !== null) return reportEventText({ ...event, reportId: event.reportId })
  const word = EVENT_WORDS[event.kind] ?? event.kind
  const parts = [word]
  if (event.kind === 'assigned' && event.ownerLabel) parts.push(`to ${event.ownerLabel}`)
  if (event.kind === 'released' && event.ownerLabel) parts.push(`from ${event.ownerLabel}`)
  if (event.kind === 'state_changed' && event.toState)
    parts.push(`to ${event.toState.replace('_', ' ')}`)
  if (event.until) parts.push(`until ${event.until.slice(0, 16).replace('T', ' ')} UTC`)
  if (event.outcome)
    parts.push(`as ${outcomeLabels[event.outcome as keyof typeof outcomeLabels] ?? event.outcome}`)
  const text = parts.join(' ')
  return event.reason ? `${text}: ${event.reason}` : text
}
