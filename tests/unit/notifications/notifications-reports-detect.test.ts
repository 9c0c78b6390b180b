import { randomUUID } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type { Viewer } from '@/lib/auth/viewer'
import { signInOnEnv, viewerOf } from '@/tests/unit/helpers/auth-settings'
import { stubEnv } from '@/tests/unit/helpers/env'
import { seedCase } from '@/tests/unit/helpers/notifications-fixtures'
import { withAppStore } from '@/tests/unit/helpers/test-store'

/*
 * Reports to the FIU near or past their due date (issue #56): found for each lead and the report's
 * drafter, not for another analyst; and the messages about them are in the delivery log for leads
 * only, not for an auditor (tipping-off rules). With sign-in on, so that a lead is a group.
 */

const signedIn = vi.hoisted(() => ({ viewer: null as Viewer | null }))
vi.mock('@/lib/auth/session', async () =>
  (await import('@/tests/unit/helpers/session-mock')).sessionMock(signedIn),
)

const ANA = 'https://idp.test ana'
const BEN = 'https://idp.test ben'
const LEA = 'https://idp.test lea'
const LOU = 'https://idp.test lou'
const DAY = 86_400_000
const settings = { dueSoonHours: 4, maxLagSeconds: 300 }

withAppStore()

let modules: Awaited<ReturnType<typeof load>>

async function load() {
  return {
    detect: await import('@/lib/notifications/detect'),
    service: await import('@/lib/notifications/service'),
    store: await import('@/lib/store/store'),
  }
}

beforeAll(async () => {
  stubEnv({ ...signInOnEnv(), AUTH_AUDITOR_GROUPS: 'aml-auditors' })
  modules = await load()
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
  for (const [who, groups] of [
    ['ana', []],
    ['ben', []],
    ['lea', ['aml-leads']],
    ['lou', ['aml-leads']],
    ['aud', ['aml-auditors']],
  ] as const) {
    await session(who, [...groups])
  }
}, 60_000)

afterAll(() => {
  vi.restoreAllMocks()
  vi.unstubAllEnvs()
})

async function db() {
  return (await modules.store.getStore()).db
}

async function session(who: string, groups: string[]) {
  const now = new Date()
  await (
    await db()
  )
    .insertInto('sessions')
    .values({
      id: randomUUID(),
      user_label: `${who}@verity.test`,
      analyst_id: `https://idp.test ${who}`,
      viewer: JSON.stringify({
        iss: 'https://idp.test',
        sub: who,
        email: `${who}@verity.test`,
        name: who,
        groups,
      }),
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + 3_600_000),
      checked_at: now,
      provider_tokens: null,
    })
    .execute()
}

async function report(dueAt: Date, state: 'draft' | 'filed' = 'draft') {
  const caseId = await seedCase(await db(), { risk: 'Medium' })
  const row = await (
    await db()
  )
    .insertInto('fiu_reports')
    .values({
      case_id: caseId,
      code: 'STR',
      state,
      drafter_id: ANA,
      drafter_label: 'ana@verity.test',
      fields: JSON.stringify({}),
      decided_at: new Date(dueAt.getTime() - 30 * DAY),
      due_at: dueAt,
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

async function told(now: Date, reportId: number) {
  const events = await modules.detect.detectEvents(await db(), settings, now)
  return events
    .filter((event) => event.report?.id === reportId)
    .map((event) => [event.kind, event.analystId])
    .sort((a, b) => String(a[1]).localeCompare(String(b[1])))
}

describe("a report's deadline", () => {
  it('is told to each lead and its drafter, soon and then late, not to another analyst or an auditor', async () => {
    const now = new Date()
    const dueAt = new Date(now.getTime() + 3 * DAY)
    const id = await report(dueAt)
    expect(await told(now, id)).toEqual([
      ['report_due_soon', ANA],
      ['report_due_soon', LEA],
      ['report_due_soon', LOU],
    ])
    const after = new Date(dueAt.getTime() + 3_600_000)
    expect(await told(after, id)).toEqual([
      ['report_overdue', ANA],
      ['report_overdue', LEA],
      ['report_overdue', LOU],
    ])
    const [event] = (await modules.detect.detectEvents(await db(), settings, after)).filter(
      (one) => one.report?.id === id,
    )
    expect(event).toMatchObject({
      key: `report_overdue:${id}:${dueAt.toISOString()}`,
      name: null,
      report: { id, code: 'STR' },
    })
    expect(await told(now, id)).not.toContainEqual(expect.arrayContaining([BEN]))
  })

  it('is not told of a report filed, nor of one due weeks away', async () => {
    const now = new Date()
    const filed = await report(new Date(now.getTime() + DAY), 'filed')
    const far = await report(new Date(now.getTime() + 20 * DAY))
    expect(await told(now, filed)).toEqual([])
    expect(await told(now, far)).toEqual([])
  })
})

describe('the delivery log', () => {
  it("lists a report's deadline messages to leads only", async () => {
    await (
      await db()
    )
      .insertInto('notifications')
      .values({
        event_key: `report_due_soon:99:${Date.now()}`,
        event_kind: 'report_due_soon',
        channel: 'email',
        recipient: 'lea@verity.test',
        subject: 'Report 99 (STR) to the FIU is due soon (Case 1)',
        body: 'body',
        case_id: 1,
        status: 'queued',
        last_error: null,
      })
      .execute()
    const kinds = async (viewer: Viewer) => {
      signedIn.viewer = viewer
      const log = await modules.service.loadNotifications()
      return log.deliveries.map((delivery) => delivery.eventKind)
    }
    expect(await kinds(viewerOf('lea', ['aml-leads']))).toContain('report_due_soon')
    expect(await kinds(viewerOf('aud', ['aml-auditors']))).not.toContain('report_due_soon')
  })
})
