import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { stubEnv } from '@/tests/unit/helpers/env'
import { withAppStore } from '@/tests/unit/helpers/test-store'

/*
 * GET /api/metrics (lib/metrics/): absent without METRICS_TOKEN, a bearer token's, and what is the
 * store's state read from the store at each scrape, so that a change made by any instance shows in
 * the next scrape of every one.
 */

const TOKEN = 'metrics-token-of-the-test-0123456789'
const HOUR = 3_600_000

withAppStore()

async function load() {
  return {
    route: await import('@/app/api/metrics/route'),
    store: await import('@/lib/store/store'),
    queue: await import('@/lib/notifications/queue'),
  }
}

const scrapeWith = (route: Awaited<ReturnType<typeof load>>['route'], authorization?: string) =>
  route.GET(
    new Request('http://localhost/api/metrics', {
      headers: authorization ? { authorization } : {},
    }),
  )

/** One sample's value from the text format, by its name and labels as written. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((one) => one.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

afterAll(() => {
  vi.unstubAllEnvs()
})

describe('without METRICS_TOKEN', () => {
  it('answers 404, whatever is sent', async () => {
    stubEnv({ DS_API_BASE_URL: 'http://upstream.test', DS_API_KEY: 'k' })
    const { route } = await load()
    expect((await scrapeWith(route)).status).toBe(404)
    expect((await scrapeWith(route, `Bearer ${TOKEN}`)).status).toBe(404)
  })
})

describe('with METRICS_TOKEN', () => {
  let modules: Awaited<ReturnType<typeof load>>

  beforeAll(async () => {
    stubEnv({ DS_API_BASE_URL: 'http://upstream.test', DS_API_KEY: 'k', METRICS_TOKEN: TOKEN })
    modules = await load()
  })

  it('refuses a request without the token, or with another', async () => {
    for (const header of [undefined, 'Bearer not-the-token-at-all', TOKEN, `Basic ${TOKEN}`]) {
      const answer = await scrapeWith(modules.route, header)
      expect(answer.status).toBe(401)
      expect(answer.headers.get('www-authenticate')).toContain('Bearer')
      expect(await answer.text()).not.toContain('verity_')
    }
  })

  it('reads the cases, the notifications, the job queue, the mirror, the unsealed audit rows and the reports from the store at each scrape', async () => {
    const { db } = await modules.store.getStore()
    const now = Date.now()
    const caseRow = (id: string, state: string, dueInHours: number) => ({
      kind: 'screening' as const,
      resource_type: 'aml_search' as const,
      resource_id: id,
      record_id: id,
      priority: 3,
      state: state as 'open',
      due_at: new Date(now + dueInHours * HOUR),
      created_at: new Date(now - 48 * HOUR),
      updated_at: new Date(now),
      outcome: state === 'closed' ? ('no_action_needed' as const) : null,
    })
    await db
      .insertInto('cases')
      .values([
        caseRow('s-within', 'open', 30),
        caseRow('s-late', 'in_review', -5),
        caseRow('s-closed-late', 'closed', -50),
      ])
      .execute()
    await db
      .insertInto('notifications')
      .values([
        {
          event_key: 'e1',
          event_kind: 'high_case',
          channel: 'email',
          recipient: 'team',
          subject: 's',
          body: 'b',
          case_id: null,
          status: 'failed',
        },
        {
          event_key: 'e1',
          event_kind: 'high_case',
          channel: 'slack',
          recipient: 'slack',
          subject: 's',
          body: 'b',
          case_id: null,
          status: 'sent',
        },
      ])
      .execute()
    const boss = await modules.queue.startQueue(await modules.store.getStore())
    await boss.send(modules.queue.NOTIFY_QUEUE, { id: 1 })

    const answer = await scrapeWith(modules.route, `Bearer ${TOKEN}`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toContain('text/plain')
    const text = await answer.text()
    expect(sample(text, 'verity_cases{state="open"}')).toBe(1)
    expect(sample(text, 'verity_cases{state="in_review"}')).toBe(1)
    expect(sample(text, 'verity_cases{state="closed"}')).toBe(1)
    expect(sample(text, 'verity_cases{state="escalated"}')).toBe(0)
    // The closed case past its due date is not part of the backlog.
    expect(sample(text, 'verity_cases_overdue')).toBe(1)
    expect(sample(text, 'verity_cases_overdue_oldest_seconds')).toBeGreaterThanOrEqual(5 * 3_600)
    expect(sample(text, 'verity_notifications{channel="email",status="failed"}')).toBe(1)
    expect(sample(text, 'verity_notifications{channel="slack",status="sent"}')).toBe(1)
    expect(sample(text, 'verity_queue_jobs{queue="verity-notify",state="created"}')).toBe(1)
    expect(sample(text, 'verity_history_mirror_set_aside')).toBe(0)
    expect(sample(text, 'verity_store_connections{state="total"}')).toBeGreaterThanOrEqual(1)
    expect(text).toContain('verity_upstream_breaker_state{state="closed"} 1')

    // Another instance's change (here, straight in the store) is in the next scrape.
    await db
      .insertInto('cases')
      .values(caseRow('s-late-two', 'escalated', -1))
      .execute()
    await sql`update history_sync_state set last_poll_at = now() - interval '90 seconds'`.execute(
      db,
    )
    const reportOf = (state: 'draft' | 'filed', dueInHours: number) => ({
      case_id: 1,
      code: 'STR',
      state,
      drafter_id: 'https://idp.test lea',
      drafter_label: 'lea@verity.test',
      fields: '{}',
      decided_at: new Date(now - 48 * HOUR),
      due_at: new Date(now + dueInHours * HOUR),
      updated_at: new Date(now),
    })
    await db
      .insertInto('fiu_reports')
      .values([reportOf('draft', -2), reportOf('draft', 30), reportOf('filed', -200)])
      .execute()
    const again = await (await scrapeWith(modules.route, `Bearer ${TOKEN}`)).text()
    expect(sample(again, 'verity_fiu_reports{state="draft"}')).toBe(2)
    expect(sample(again, 'verity_fiu_reports{state="filed"}')).toBe(1)
    // A filed report is no longer late, whatever its due date was.
    expect(sample(again, 'verity_fiu_reports_unfiled{due="overdue"}')).toBe(1)
    expect(sample(again, 'verity_fiu_reports_unfiled{due="within_7_days"}')).toBe(1)
    expect(sample(again, 'verity_audit_unsealed_rows')).toBeGreaterThanOrEqual(0)
    expect(again).toMatch(/^verity_audit_unsealed_oldest_seconds \d/m)
    expect(sample(again, 'verity_cases_overdue')).toBe(2)
    expect(sample(again, 'verity_cases{state="escalated"}')).toBe(1)
    expect(sample(again, 'verity_history_mirror_lag_seconds')).toBeGreaterThanOrEqual(90)
    await boss.stop({ graceful: false })
  }, 60_000)
})
