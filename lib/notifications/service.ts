import 'server-only'

import { ProblemError } from '@/lib/api/problem-error'
import { audit } from '@/lib/audit/record'
import { requireViewer } from '@/lib/auth/session'
import { analystId } from '@/lib/auth/viewer'
import { actorOf } from '@/lib/cases/settings'
import { getStore } from '@/lib/store/store'

import {
  DEFAULT_EMAIL_EVENTS,
  OWN_EVENTS,
  REPORT_EVENTS,
  type Delivery,
  type NotificationList,
  type OwnEventKind,
  type PreferencesRequest,
} from './events'
import { sendAgain } from './send'
import { channelsOf, notifySettings } from './settings'
import { notifyQueue } from './start'

/* What the notification pages and routes call: the signed-in viewer and the process's store. */

const LOG_PAGE = 200

/** The notifications, newest first: leads only (with sign-in off, the one viewer leads). */
export async function loadNotifications(): Promise<NotificationList> {
  const viewer = await requireViewer()
  const actor = actorOf(viewer)
  if (!actor.lead && !actor.auditor) throw notLead()
  const { db } = await getStore()
  let query = db.selectFrom('notifications').selectAll()
  // A report to the FIU's deadline is for leads' eyes (tipping-off rules): not an auditor's.
  if (!actor.lead) query = query.where('event_kind', 'not in', [...REPORT_EVENTS])
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(LOG_PAGE)
    .execute()
  return {
    deliveries: rows.map((row) => ({
      id: row.id,
      eventKind: row.event_kind as Delivery['eventKind'],
      channel: row.channel,
      recipient: row.recipient,
      subject: row.subject,
      body: row.body,
      caseId: row.case_id,
      status: row.status,
      attempts: row.attempts,
      lastError: row.last_error,
      createdAt: row.created_at.toISOString(),
      sentAt: row.sent_at?.toISOString() ?? null,
    })),
    channels: channelsOf(notifySettings()),
  }
}

/** The /notifications page's read: null for a viewer who does not lead. */
export async function loadNotificationsPage(): Promise<NotificationList | null> {
  const viewer = await requireViewer()
  const actor = actorOf(viewer)
  if (!actor.lead && !actor.auditor) return null
  return loadNotifications()
}

/** "Send again": leads only, audited before it is queued. */
export async function resend(id: number): Promise<{ queued: true }> {
  const viewer = await requireViewer()
  if (!actorOf(viewer).lead) throw notLead()
  const { db } = await getStore()
  const resource = { type: 'notification', id: String(id) }
  await audit(viewer, 'notify', resource, 'ok', 'send_again')
  const queued = await sendAgain(db, await notifyQueue(), id)
  if (!queued) {
    await audit(viewer, 'notify', resource, 'refused', 'send_again')
    throw new ProblemError(
      409,
      'not_resendable',
      'Nothing to send again',
      'Only a message that was sent or has failed can be sent again; this one is on its way or had no channel.',
    )
  }
  return { queued: true }
}

export type NotifyPreferences = { emailEvents: OwnEventKind[]; email: string | null }

export async function loadPreferences(): Promise<NotifyPreferences> {
  const viewer = await requireViewer()
  const { db } = await getStore()
  const row = await db
    .selectFrom('notify_preferences')
    .select('email_events')
    .where('analyst_id', '=', analystId(viewer))
    .executeTakeFirst()
  const chosen = row?.email_events ?? DEFAULT_EMAIL_EVENTS
  return {
    emailEvents: OWN_EVENTS.filter((kind) => chosen.includes(kind)),
    email: viewer.email,
  }
}

export async function savePreferences(input: PreferencesRequest): Promise<NotifyPreferences> {
  const viewer = await requireViewer()
  const { db } = await getStore()
  const chosen = OWN_EVENTS.filter((kind) => input.emailEvents.includes(kind))
  await db
    .insertInto('notify_preferences')
    .values({ analyst_id: analystId(viewer), email_events: chosen, updated_at: new Date() })
    .onConflict((oc) =>
      oc.column('analyst_id').doUpdateSet({ email_events: chosen, updated_at: new Date() }),
    )
    .execute()
  return { emailEvents: chosen, email: viewer.email }
}

function notLead() {
  return new ProblemError(
    403,
    'not_lead',
    'Leads only',
    'The notifications page is for leads (AUTH_LEAD_GROUPS).',
  )
}
