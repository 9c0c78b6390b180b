import { casePath, historySyncPath } from '@/lib/routes'

import type { NotifyEventKind } from './events'

/*
 * The words of a notification, made from these fields only: what happened, the case's number,
 * risk, due time and screened name, and a link into Verity. Nothing else of a record can reach
 * it, so an applicant's date of birth, document number, e-mail or phone, and any key or secret,
 * never leave in a message (tests/unit/notifications/notifications-rules.test.ts).
 */

export type NotifyEvent = {
  /** Once per happening: the log's unique key with the channel and recipient. */
  key: string
  kind: NotifyEventKind
  /** The analyst it concerns (lib/auth/viewer.ts `analystId`); null: the team's. */
  analystId: string | null
  caseId: number | null
  /** `High`, `Medium`, or `failed verification`. */
  risk: string | null
  dueAt: Date | null
  name: string | null
  /** The mirror's: seconds since its last successful poll. */
  lagSeconds: number | null
}

export type Message = { subject: string; body: string }

export function messageOf(event: NotifyEvent, appUrl: string): Message {
  const kase = event.caseId === null ? '' : `Case ${event.caseId}`
  const who = event.name ?? 'name unknown'
  const subject = subjectOf(event, kase, who)
  const lines = [happened(event)]
  if (event.caseId !== null) {
    lines.push(`Screened name: ${who}`)
    if (event.risk) lines.push(`Risk: ${event.risk}`)
    if (event.dueAt) lines.push(`Due: ${utc(event.dueAt)}`)
  }
  const path = event.caseId === null ? historySyncPath : casePath(event.caseId)
  lines.push(`Open in Verity: ${appUrl}${path}`)
  return { subject, body: lines.join('\n') }
}

function subjectOf(event: NotifyEvent, kase: string, who: string): string {
  switch (event.kind) {
    case 'high_case':
      return `New High-risk case: ${kase}, ${who}`
    case 'assigned':
      return `${kase} assigned to you: ${who}`
    case 'due_soon':
      return `${kase} due soon: ${who}`
    case 'overdue':
      return `${kase} overdue: ${who}`
    case 'awaiting_confirmation':
      return `${kase}: a decision waits for confirmation (${who})`
    case 'qa_failed':
      return `${kase} failed QA and is open again: ${who}`
    case 'mirror_degraded':
      return 'The history mirror is behind'
  }
}

function happened(event: NotifyEvent): string {
  switch (event.kind) {
    case 'high_case':
      return 'A screening of High risk with matches opened a new case.'
    case 'assigned':
      return 'A lead assigned this case to you.'
    case 'due_soon':
      return event.dueAt ? `This case is due at ${utc(event.dueAt)}.` : 'This case is due soon.'
    case 'overdue':
      return 'This case has passed its due time and is not closed.'
    case 'awaiting_confirmation':
      return event.analystId
        ? 'A decision on a match of this case waits for your confirmation (four eyes).'
        : 'A decision on a match of this case waits for a second analyst (four eyes).'
    case 'qa_failed':
      return 'A lead reviewed this case for quality assurance and failed it: it is open again, with the reason in its log.'
    case 'mirror_degraded':
      return event.lagSeconds === null
        ? 'The history mirror has not polled the upstream yet.'
        : `The history mirror last polled the upstream ${event.lagSeconds} s ago: new screenings are not reaching the queue.`
  }
}

function utc(date: Date) {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`
}
