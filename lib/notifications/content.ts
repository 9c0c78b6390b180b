import { casePath, historySyncPath, reportPath } from '@/lib/routes'

import type { NotifyEventKind } from './events'

/*
 * The words of a notification, made from these fields only: what happened, the case's number,
 * risk, due time and screened name, and a link into Verity. Nothing else of a record can reach
 * it, so an applicant's date of birth, document number, e-mail or phone, and any key or secret,
 * never leave in a message (tests/unit/notifications/notifications-rules.test.ts).
 *
 * Upstream text (the screened name, the risk) is data, never markup or a link (docs/security.md,
 * notifications): control and format characters and line breaks become one space, anything that
 * would read as an address is defanged (`https[:]//evil[.]test/…`), and lengths are bounded with
 * an ellipsis. The one link is Verity's own, built from APP_URL. Slack's escaping of `&`, `<` and
 * `>` is the channel's (channels.ts).
 */

/** Longest screened name in a message, in characters. */
export const NAME_MAX = 120
/** Longest subject, in characters. */
export const SUBJECT_MAX = 200

/** `text` cut to `max` characters (code points), the last one an ellipsis when cut. */
function bounded(text: string, max: number): string {
  const chars = [...text]
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`
}

/** Upstream text made inert: one line, no address that reads as a link, at most `max` characters. */
export function inertText(value: string, max: number): string {
  const flat = value
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  const defanged = flat
    .replace(/([a-z][a-z0-9+.-]*):\/\//gi, '$1[:]//')
    .replace(/\b(www|ftp)\./gi, '$1[.]')
    // A host before a path (`evil.test/sso`) or after a scheme: its dots defanged.
    .replace(
      /(\/\/)?([\w-]+(?:\.[\w-]+)+)(?=\/)/g,
      (_whole, slashes: string | undefined, host: string) =>
        `${slashes ?? ''}${host.replaceAll('.', '[.]')}`,
    )
    .replace(
      /(\[:\]\/\/)([\w-]+(?:\.[\w-]+)+)/g,
      (_whole, scheme: string, host: string) => `${scheme}${host.replaceAll('.', '[.]')}`,
    )
  return bounded(defanged, max)
}

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
  /** An assignment Verity made by itself (CASE_AUTO_ASSIGN), not a lead. */
  byVerity?: boolean
  /** A report to the FIU's (`report_*`): its number and kind (STR, SAR). */
  report?: { id: number; code: string }
}

export type Message = { subject: string; body: string }

export function messageOf(event: NotifyEvent, appUrl: string): Message {
  const kase = event.caseId === null ? '' : `Case ${event.caseId}`
  const who =
    event.name === null ? 'name unknown' : inertText(event.name, NAME_MAX) || 'name unknown'
  const subject = bounded(subjectOf(event, kase, who), SUBJECT_MAX)
  const lines = [happened(event)]
  // A report's message names no one: the report holds the subject, for those who may open it.
  if (event.caseId !== null && !event.report) {
    lines.push(`Screened name: ${who}`)
    if (event.risk) lines.push(`Risk: ${inertText(event.risk, 40)}`)
  }
  if (event.dueAt) lines.push(`Due: ${utc(event.dueAt)}`)
  const path = event.report
    ? reportPath(event.report.id)
    : event.caseId === null
      ? historySyncPath
      : casePath(event.caseId)
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
    case 'report_due_soon':
      return `${reportName(event)} to the FIU is due soon (${kase})`
    case 'report_overdue':
      return `${reportName(event)} to the FIU is past its due date (${kase})`
  }
}

function reportName(event: NotifyEvent) {
  return event.report
    ? `Report ${event.report.id} (${inertText(event.report.code, 20)})`
    : 'A report'
}

function happened(event: NotifyEvent): string {
  switch (event.kind) {
    case 'high_case':
      return 'A screening of High risk with matches opened a new case.'
    case 'assigned':
      return event.byVerity
        ? 'Verity assigned this case to you automatically (CASE_AUTO_ASSIGN).'
        : 'A lead assigned this case to you.'
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
    case 'report_due_soon':
      return `${reportName(event)} of this case is due and not yet filed with the FIU.`
    case 'report_overdue':
      return `${reportName(event)} of this case has passed its due date and is not filed with the FIU.`
  }
}

function utc(date: Date) {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`
}
