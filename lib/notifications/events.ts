import { z } from 'zod'

/*
 * What Verity tells people (issue #46), browser-safe: the settings form and the server share these
 * names, words and defaults. A team event goes to the team's address, Slack and the webhook; an
 * analyst's own event also goes to the analyst by e-mail when they chose it.
 */

export const NOTIFY_EVENTS = [
  'high_case',
  'assigned',
  'due_soon',
  'overdue',
  'awaiting_confirmation',
  'qa_failed',
  'mirror_degraded',
  'report_due_soon',
  'report_overdue',
] as const

export type NotifyEventKind = (typeof NOTIFY_EVENTS)[number]

export const eventLabels: Record<NotifyEventKind, string> = {
  high_case: 'A new High-risk case',
  assigned: 'A case assigned to me',
  due_soon: 'A case of mine due soon',
  overdue: 'A case of mine overdue',
  awaiting_confirmation: 'A decision waiting for my confirmation',
  qa_failed: 'A case of mine failed QA',
  mirror_degraded: 'The history mirror degraded',
  report_due_soon: 'A report to the FIU due soon',
  report_overdue: 'A report to the FIU past its due date',
}

/**
 * A report to the FIU near or past its due date (docs/reports.md): told only to each lead and the
 * report's drafter, by e-mail to them personally, never on the team's channels, and listed in the
 * delivery log for leads only (tipping-off rules). Not a choice: the deadline is the law's.
 */
export const REPORT_EVENTS = [
  'report_due_soon',
  'report_overdue',
] as const satisfies readonly NotifyEventKind[]

export function isReportEvent(kind: string): boolean {
  return (REPORT_EVENTS as readonly string[]).includes(kind)
}

/** The events that can be one analyst's own, and so the ones an analyst chooses among. */
export const OWN_EVENTS = [
  'assigned',
  'due_soon',
  'overdue',
  'awaiting_confirmation',
  'qa_failed',
] as const satisfies readonly NotifyEventKind[]

export type OwnEventKind = (typeof OWN_EVENTS)[number]

/** An analyst who has not chosen gets these by e-mail. */
export const DEFAULT_EMAIL_EVENTS: readonly OwnEventKind[] = [
  'assigned',
  'due_soon',
  'awaiting_confirmation',
  'qa_failed',
]

export const preferencesRequest = z.object({
  emailEvents: z.array(z.enum(OWN_EVENTS)).max(OWN_EVENTS.length),
})

export type PreferencesRequest = z.infer<typeof preferencesRequest>

export const DELIVERY_STATUSES = [
  'queued',
  'sending',
  'retrying',
  'sent',
  'failed',
  'not_sent',
] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]

/** One row of the notifications page, dates as ISO 8601. */
export type Delivery = {
  id: number
  eventKind: NotifyEventKind
  channel: string
  recipient: string
  subject: string
  body: string
  caseId: number | null
  status: DeliveryStatus
  attempts: number
  lastError: string | null
  createdAt: string
  sentAt: string | null
}

export const deliveryIdParam = z.coerce
  .number({ error: 'the message id is a whole number' })
  .int('the message id is a whole number')
  .positive('the message id is a whole number')
  .max(Number.MAX_SAFE_INTEGER)

/** The /notifications page: the newest messages and which channels are configured. */
export type NotificationList = {
  deliveries: Delivery[]
  channels: { email: boolean; teamEmail: string | null; slack: boolean; webhook: boolean }
}
