import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { actionLabel, recordTypeLabel } from '@/components/activity/activity-labels'
import { parseActivityFilters } from '@/lib/audit/activity-filters'
import { viewerOf } from '@/tests/unit/helpers/auth-settings'
import { signedInStore } from '@/tests/unit/helpers/signed-in-store'

/*
 * What the notifications page, its "send again" and the settings page call, with sign-in on (so a
 * lead is a group): leads only for the log, every "send again" audited, and each analyst's own
 * choice of e-mails kept apart.
 */

const signedIn = signedInStore()

const ana = viewerOf('ana')
const lea = viewerOf('lea', ['aml-leads'])

let modules: Awaited<ReturnType<typeof load>>

async function load() {
  return {
    service: await import('@/lib/notifications/service'),
    start: await import('@/lib/notifications/start'),
    store: await import('@/lib/store/store'),
  }
}

beforeAll(async () => {
  modules = await load()
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
}, 60_000)

afterAll(async () => {
  await (await modules?.start.notifyQueue())?.stop({ graceful: false })
  vi.restoreAllMocks()
})

async function logged(status: 'failed' | 'queued' | 'not_sent') {
  const { db } = await modules.store.getStore()
  return db
    .insertInto('notifications')
    .values({
      event_key: `high_case:${status}:${Date.now()}`,
      event_kind: 'high_case',
      channel: status === 'not_sent' ? 'none' : 'slack',
      recipient: status === 'not_sent' ? 'team' : 'slack',
      subject: 'New High-risk case: Case 1, Maria Testperson',
      body: 'body',
      case_id: 1,
      status,
      last_error: status === 'failed' ? 'the channel answered 500' : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
}

async function auditLines(id: number) {
  const { db } = await modules.store.getStore()
  return db
    .selectFrom('audit_events')
    .select(['action', 'outcome', 'field', 'user_label'])
    .where('resource_type', '=', 'notification')
    .where('resource_id', '=', String(id))
    .orderBy('id')
    .execute()
}

describe('the notifications page', () => {
  it('is for leads', async () => {
    const { id } = await logged('failed')
    signedIn.viewer = ana
    expect(await modules.service.loadNotificationsPage()).toBeNull()
    await expect(modules.service.resend(id)).rejects.toMatchObject({ status: 403 })
    signedIn.viewer = lea
    const log = await modules.service.loadNotificationsPage()
    expect(log?.deliveries.find((one) => one.id === id)).toMatchObject({
      status: 'failed',
      lastError: 'the channel answered 500',
    })
    expect(log?.channels).toEqual({ email: false, teamEmail: null, slack: false, webhook: false })
  })

  it('sends a failed message again, audited; refuses one on its way or without a channel', async () => {
    signedIn.viewer = lea
    const failed = await logged('failed')
    expect(await modules.service.resend(failed.id)).toEqual({ queued: true })
    const { db } = await modules.store.getStore()
    const row = await db
      .selectFrom('notifications')
      .select(['status', 'last_error'])
      .where('id', '=', failed.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ status: 'queued', last_error: null })
    expect(await auditLines(failed.id)).toEqual([
      { action: 'notify', outcome: 'ok', field: 'send_again', user_label: 'lea@verity.test' },
    ])
    for (const status of ['queued', 'not_sent'] as const) {
      const { id } = await logged(status)
      await expect(modules.service.resend(id)).rejects.toMatchObject({ status: 409 })
      expect((await auditLines(id)).map((line) => line.outcome)).toEqual(['ok', 'refused'])
    }
  })
})

describe('on the activity page', () => {
  it('names a send again and finds it by its action and record type', () => {
    expect(actionLabel('notify', 'send_again')).toBe('Sent a notification again')
    expect(recordTypeLabel('notification')).toBe('Notification')
    expect(parseActivityFilters({ action: 'notify', type: 'notification' })).toMatchObject({
      action: 'notify',
      type: 'notification',
    })
  })
})

describe('e-mail preferences', () => {
  it("start at the defaults and keep each analyst's choice", async () => {
    signedIn.viewer = ana
    expect(await modules.service.loadPreferences()).toEqual({
      emailEvents: ['assigned', 'due_soon', 'awaiting_confirmation', 'qa_failed'],
      email: 'ana@verity.test',
    })
    await modules.service.savePreferences({ emailEvents: ['overdue', 'assigned'] })
    expect((await modules.service.loadPreferences()).emailEvents).toEqual(['assigned', 'overdue'])
    signedIn.viewer = lea
    expect((await modules.service.loadPreferences()).emailEvents).toEqual([
      'assigned',
      'due_soon',
      'awaiting_confirmation',
      'qa_failed',
    ])
    signedIn.viewer = ana
    await modules.service.savePreferences({ emailEvents: [] })
    expect((await modules.service.loadPreferences()).emailEvents).toEqual([])
  })
})
