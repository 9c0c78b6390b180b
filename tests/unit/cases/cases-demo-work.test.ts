import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { parseAnalyticsParams } from '@/lib/analytics/params'
import { stubEnv } from '@/tests/unit/helpers/env'
import {
  amlReports,
  startFakeUpstream,
  type FakeUpstream,
} from '@/tests/unit/helpers/fake-upstream'
import { withAppStore } from '@/tests/unit/helpers/test-store'

/*
 * `npm run demo`'s seed (VERITY_DEMO_WORK, lib/cases/demo-work.ts): six weeks of screenings and
 * failed verifications become cases made when their records arrived, worked by the demo's
 * analysts, with match decisions written as the review page writes them, and nothing after now.
 * The upstream is faked: every AML report has three matches.
 */

const MATCHES = ['m-one', 'm-two', 'm-three']
const NOW = new Date('2026-11-26T10:00:00Z')
const HOUR = 3_600_000

withAppStore()

let fake: FakeUpstream
let modules: Awaited<ReturnType<typeof load>>

async function load() {
  return {
    create: await import('@/lib/cases/create'),
    work: await import('@/lib/cases/demo-work'),
    store: await import('@/lib/store/store'),
    queries: await import('@/lib/analytics/queries'),
  }
}

beforeAll(async () => {
  fake = await startFakeUpstream()
  fake.handle(amlReports(MATCHES))
  stubEnv({
    DS_API_BASE_URL: fake.url,
    DS_API_KEY: 'k',
    AUTH_DISABLED: 'true',
    VERITY_DEMO: 'true',
    VERITY_DEMO_WORK: 'true',
    CASE_SLA_HOURS: 'High=24,Medium=72,failed_verification=48',
  })
  modules = await load()
})

afterAll(async () => {
  vi.unstubAllEnvs()
  await fake.close()
})

describe('the demo seed of a team at work', () => {
  // Six weeks of a team's work seeded into a fresh store: 14 to 25 s in recent runs, over 30 s on a
  // busy machine (the default limit).
  it('makes cases when their records arrived, works them, and writes decisions before each close', async () => {
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    const { db } = await modules.store.getStore()
    // A High screening with matches every 3 hours for six weeks, a failed verification every 7.
    const records = Array.from({ length: 340 }, (_, i) => {
      // Fixed ids: the seed's pattern follows them.
      const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`
      const at = new Date(NOW.getTime() - (i + 1) * 3 * HOUR)
      return i % 2 === 0
        ? {
            id,
            event_type: 'AML_SCREENING',
            search_uuid: `5ea4c400-0000-4000-8000-${String(i).padStart(12, '0')}`,
            risk: 'High',
            match_count: MATCHES.length,
            at,
          }
        : { id, event_type: 'DOCVER', short_id: `VDEMO${i}`, status: 'failed', at }
    })
    await db
      .insertInto('history_records')
      .values(
        records.map((row) => ({
          ...row,
          payload_state: 'ok' as const,
          error_codes: [],
          first_seen_at: NOW,
          updated_at: NOW,
        })),
      )
      .execute()
    await modules.create.createCasesForNewRecords(db, undefined, NOW)
    stdout.mockRestore()

    const cases = await db.selectFrom('cases').selectAll().execute()
    expect(cases).toHaveLength(records.length)
    const events = await db.selectFrom('case_events').selectAll().orderBy('id').execute()
    const decisions = await db.selectFrom('match_decisions').selectAll().execute()
    // Every line is on the seed's clock, the demo's report to the FIU too.
    expect(events.filter((event) => event.at.getTime() > NOW.getTime())).toEqual([])
    for (const kase of cases) {
      // Made two minutes after its record arrived, as a mirror syncing live would have.
      expect(kase.created_at.getTime()).toBe(kase.record_at!.getTime() + 2 * 60_000)
      // The case's own steps: a report's lines (fiu_report_id) follow the report's states.
      const log = events.filter(
        (event) => event.case_id === kase.id && event.fiu_report_id === null,
      )
      expect(log[0]?.kind).toBe('created')
      expect(log[0]?.at.getTime()).toBe(kase.created_at.getTime())
      for (const [index, event] of log.entries()) {
        expect(event.at.getTime()).toBeLessThanOrEqual(NOW.getTime())
        if (index > 0)
          expect(event.at.getTime()).toBeGreaterThanOrEqual(log[index - 1]!.at.getTime())
      }
      expect(log.at(-1)?.to_state).toBe(kase.state)
      if (kase.kind !== 'screening' || kase.state !== 'closed') continue
      // A closed screening case decided every match, each standing, before it closed.
      const close = log.at(-1)!.at.getTime()
      const its = decisions.filter((decision) => decision.search_id === kase.resource_id)
      expect(new Set(its.map((decision) => decision.match_uuid))).toEqual(new Set(MATCHES))
      for (const decision of its) expect(decision.at.getTime()).toBeLessThan(close)
      const standing = MATCHES.map((match) => its.filter((d) => d.match_uuid === match).at(-1)!)
      expect(standing.every((decision) => decision.settles)).toBe(true)
      expect(kase.outcome).toBe(
        standing.some((decision) => decision.decision === 'true_match')
          ? 'true_match'
          : 'false_positive',
      )
    }
    const states = new Set(cases.map((kase) => kase.state))
    expect(states).toEqual(new Set(['open', 'in_review', 'waiting', 'escalated', 'closed']))
    for (const action of ['set', 'confirm', 'overturn']) {
      expect(decisions.some((decision) => decision.action === action)).toBe(true)
    }

    // The demo's report to the FIU (issue #56): one drafted STR on a case closed as a true match,
    // by the analyst who closed it, its narrative citing the case's decisions and events.
    const reports = await db.selectFrom('fiu_reports').selectAll().execute()
    expect(reports).toHaveLength(1)
    const reported = cases.find((kase) => kase.id === reports[0]!.case_id)!
    expect(reported).toMatchObject({ state: 'closed', outcome: 'true_match' })
    expect(reports[0]).toMatchObject({ state: 'draft', code: 'STR', drafter_id: reported.owner_id })
    const drafted = reports[0]!.fields as { citations: { source: { type: string } }[] }
    expect(drafted.citations.map((citation) => citation.source.type)).toEqual(
      expect.arrayContaining(['case_event', 'match', 'decision']),
    )

    // What /analytics shows of the last 30 days: every chart of the work has something.
    const parsed = parseAnalyticsParams({ period: '30' }, NOW)
    if (!parsed.ok) throw new Error(parsed.problems.join('; '))
    const { range } = parsed
    const weeks = await modules.queries.decisionsPerWeek(db, range)
    expect(weeks.length).toBeGreaterThanOrEqual(4)
    expect(weeks.some((week) => week.trueMatch > 0 && week.falsePositive > 0)).toBe(true)
    const times = await modules.queries.reviewTimesPerWeek(db, range)
    expect(
      times.filter((week) => week.closedCases > 0 && week.decided > 0).length,
    ).toBeGreaterThanOrEqual(4)
    const ages = await modules.queries.openCasesByAge(db, range, NOW)
    expect(ages.filter((bucket) => bucket.cases > 0).length).toBeGreaterThanOrEqual(3)
    const held = await modules.queries.deadlines(db, range, NOW)
    expect(held.met).toBeGreaterThan(held.missed)
    expect(held.missed).toBeGreaterThan(0)
    const analysts = await modules.queries.perAnalyst(db, range)
    expect(analysts).toHaveLength(4)

    // The queue it opens on (the views' rules, lib/cases/list.ts): most open cases within their
    // due date, a few due today, a few overdue; not the weeks-old unclaimed backlog it once was.
    const endOfDay = new Date(NOW)
    endOfDay.setUTCHours(24, 0, 0, 0)
    const active = cases.filter(
      (kase) =>
        kase.state !== 'closed' &&
        !(kase.state === 'waiting' && kase.snoozed_until && kase.snoozed_until > NOW),
    )
    const overdue = active.filter((kase) => kase.due_at < NOW)
    const dueToday = active.filter((kase) => kase.due_at >= NOW && kase.due_at < endOfDay)
    const later = active.filter((kase) => kase.due_at >= endOfDay)
    expect(overdue.length).toBeGreaterThan(0)
    expect(dueToday.length).toBeGreaterThan(0)
    expect(later.length).toBeGreaterThan(overdue.length + dueToday.length)

    // Seeded again at the same time (the next mirror page): nothing already worked is touched.
    const before = await db.selectFrom('case_events').select('id').execute()
    expect(await modules.work.seedDemoWork(db, NOW)).toBe(0)
    expect(await db.selectFrom('case_events').select('id').execute()).toHaveLength(before.length)
  }, 120_000)
})
