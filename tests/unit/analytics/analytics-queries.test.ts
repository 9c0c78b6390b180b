import { sql, type Insertable } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { tableCsv } from '@/lib/analytics/csv'
import { parseAnalyticsParams, type AnalyticsRange } from '@/lib/analytics/params'
import {
  deadlines,
  decisionsPerWeek,
  failureReasons,
  openCasesByAge,
  perAnalyst,
  periodDays,
  periodWeeks,
  reviewTimesPerWeek,
  screeningsPerDay,
  verificationsPerDay,
} from '@/lib/analytics/queries'
import { makeCases } from '@/lib/cases/create'
import { listCases } from '@/lib/cases/list'
import { caseListParams } from '@/lib/cases/views'
import type { HistoryRecordsTable } from '@/lib/store/schema'

import { openTestStore } from '@/tests/unit/helpers/test-store'

/*
 * One small fixed data set, every answer counted by hand (the comments say from which rows).
 * The period is 1–7 Nov 2026 (Sunday to Saturday); weeks start on Monday.
 */

let store: Awaited<ReturnType<typeof openTestStore>>

const W1 = '11111111-1111-4111-8111-111111111111'
const W2 = '22222222-2222-4222-8222-222222222222'
const NOW = new Date('2026-11-07T12:00:00Z')
const t = (text: string) => new Date(`2026-${text}:00Z`)
const search = (n: number) => `aaaaaaaa-0000-4000-8000-00000000000${n}`

type Fixture = Partial<Insertable<HistoryRecordsTable>> & { id: string }

const docver = (id: string, short: string, at: string, status: string, codes: number[]) => ({
  id,
  event_type: 'DOCVER',
  short_id: short,
  at: t(at),
  status,
  error_codes: codes,
})
const screening = (id: string, n: number, at: string, risk: string | null, matches: number) => ({
  id,
  event_type: 'AML_SCREENING',
  applicant_id: `app-${id}`,
  search_uuid: search(n),
  at: t(at),
  risk,
  match_count: matches,
})

const RECORDS: Fixture[] = [
  docver('v1', 'A', '11-03T10:00', 'failed', [2004, 5001]),
  docver('v2', 'B', '11-03T11:00', 'verified', []),
  docver('v3', 'C', '11-04T09:00', 'failed', [5002]),
  // C's older record: C counts once, by v3.
  docver('v4', 'C', '11-02T09:00', 'failed', [7000]),
  { ...docver('v5', 'D', '11-05T09:00', 'failed', []), is_sandbox: true },
  // Before the period.
  docver('v6', 'E', '10-31T23:59', 'failed', [4001]),
  { ...docver('v7', 'F', '11-06T09:00', 'failed', [4001]), webhook_id: W2 },
  docver('v8', 'G', '11-06T10:00', 'expired', []),
  screening('s1', 1, '11-02T08:00', 'High', 3),
  screening('s2', 2, '11-02T10:00', 'Medium', 1),
  screening('s3', 3, '11-03T09:00', 'Low', 0),
  { ...screening('s4', 4, '11-03T10:00', 'High', 2), is_sandbox: true },
  screening('s5', 5, '11-03T11:00', null, 0),
]

const ANA = { analyst_id: 'https://idp.test ana', user_label: 'ana@verity.test' }
const BEN = { analyst_id: 'https://idp.test ben', user_label: 'ben@verity.test' }

const DECISIONS = [
  {
    search_id: search(1),
    match_uuid: 'm1',
    decision: 'true_match',
    action: 'set',
    at: t('11-02T12:00'),
    ...ANA,
  },
  {
    search_id: search(1),
    match_uuid: 'm2',
    decision: 'false_positive',
    action: 'set',
    at: t('11-03T08:00'),
    ...BEN,
  },
  {
    search_id: search(1),
    match_uuid: 'm1',
    decision: 'true_match',
    action: 'confirm',
    at: t('11-03T09:00'),
    ...BEN,
  },
  {
    search_id: search(2),
    match_uuid: 'm1',
    decision: 'second_review',
    action: 'set',
    at: t('11-04T08:00'),
    ...ANA,
  },
  {
    search_id: search(2),
    match_uuid: 'm1',
    decision: 'false_positive',
    action: 'carry_over',
    at: t('11-04T09:00'),
    ...ANA,
  },
  {
    search_id: search(4),
    match_uuid: 'm1',
    decision: 'false_positive',
    action: 'set',
    at: t('11-04T10:00'),
    ...ANA,
  },
]

type CaseFixture = {
  record: string
  kind: 'screening' | 'failed_verification'
  created: Date
  due: Date
  closed?: { at: Date; by: typeof ANA }
}

const CASES: CaseFixture[] = [
  // Closed before its due date: 24 h from the screening, 23 h from the case's making.
  {
    record: 's1',
    kind: 'screening',
    created: t('11-02T09:00'),
    due: t('11-03T09:00'),
    closed: { at: t('11-03T08:00'), by: BEN },
  },
  // Closed after it: 73 h from the screening, 72 h from the making.
  {
    record: 's2',
    kind: 'screening',
    created: t('11-02T11:00'),
    due: t('11-03T11:00'),
    closed: { at: t('11-05T11:00'), by: ANA },
  },
  // Open: made a day ago of a record four days old (its age on the case clock) and overdue; six
  // days old; 37 days old, sandbox and overdue.
  { record: 'v1', kind: 'failed_verification', created: t('11-06T12:00'), due: t('11-07T00:00') },
  { record: 'v3', kind: 'failed_verification', created: t('11-01T12:00'), due: t('11-30T00:00') },
  { record: 'v5', kind: 'failed_verification', created: t('10-01T12:00'), due: t('10-02T12:00') },
]

beforeAll(async () => {
  store = await openTestStore()
  const db = store.db
  await db
    .insertInto('history_records')
    .values(
      RECORDS.map((record) => ({
        webhook_id: W1,
        payload_state: 'ok' as const,
        is_sandbox: false,
        error_codes: [],
        first_seen_at: NOW,
        updated_at: NOW,
        ...record,
      })),
    )
    .execute()
  await db
    .insertInto('match_decisions')
    .values(
      DECISIONS.map((d) => ({
        ...d,
        applicant_id: null,
        reason: 'Checked in the test.',
        settles: d.action !== 'set' || d.decision === 'false_positive',
        carried_from: null,
      })),
    )
    .execute()
  for (const fixture of CASES) {
    const { id } = await db
      .insertInto('cases')
      .values({
        kind: fixture.kind,
        resource_type: fixture.kind === 'screening' ? 'aml_search' : 'verification',
        resource_id: `res-${fixture.record}`,
        record_id: fixture.record,
        applicant_id: null,
        risk: null,
        priority: 1,
        state: fixture.closed ? 'closed' : 'open',
        outcome: fixture.closed ? 'false_positive' : null,
        due_at: fixture.due,
        created_at: fixture.created,
        updated_at: fixture.closed?.at ?? fixture.created,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    if (fixture.closed) {
      await db
        .insertInto('case_events')
        .values({
          case_id: id,
          kind: 'move',
          from_state: 'open',
          to_state: 'closed',
          outcome: 'false_positive',
          at: fixture.closed.at,
          ...fixture.closed.by,
        })
        .execute()
    }
  }
}, 60_000)

afterAll(async () => {
  vi.unstubAllEnvs()
  await store.close()
})

function range(query: Record<string, string>): AnalyticsRange {
  const parsed = parseAnalyticsParams({ from: '2026-11-01', to: '2026-11-07', ...query }, NOW)
  if (!parsed.ok) throw new Error(parsed.problems.join('; '))
  return parsed.range
}

const WEEK = range({})
const LIVE = range({ env: 'live' })
const EMPTY = range({ from: '2026-09-01', to: '2026-09-07' })
const ONE_DAY = range({ from: '2026-11-03', to: '2026-11-03' })

describe('verifications per day', () => {
  it('counts each verification once, by its newest record, verified against failed', async () => {
    expect(await verificationsPerDay(store.db, WEEK)).toEqual([
      { day: '2026-11-03', verified: 1, failed: 1, other: 0 },
      { day: '2026-11-04', verified: 0, failed: 1, other: 0 },
      { day: '2026-11-05', verified: 0, failed: 1, other: 0 },
      { day: '2026-11-06', verified: 0, failed: 1, other: 1 },
    ])
  })

  it('leaves sandbox records out when asked for live ones, and keeps to one webhook', async () => {
    const live = await verificationsPerDay(store.db, LIVE)
    expect(live.map((day) => day.day)).not.toContain('2026-11-05')
    expect(await verificationsPerDay(store.db, range({ webhook_id: W2 }))).toEqual([
      { day: '2026-11-06', verified: 0, failed: 1, other: 0 },
    ])
  })

  it('has nothing for an empty period, and one day for a one-day period', async () => {
    expect(await verificationsPerDay(store.db, EMPTY)).toEqual([])
    expect(await verificationsPerDay(store.db, ONE_DAY)).toEqual([
      { day: '2026-11-03', verified: 1, failed: 1, other: 0 },
    ])
  })
})

describe('failure reasons', () => {
  it('groups failed verifications by the documented code ranges, and ranks the codes', async () => {
    const reasons = await failureReasons(store.db, WEEK)
    // A, C, D, F failed; D had no code.
    expect(reasons.failed).toBe(4)
    expect(reasons.withoutCode).toBe(1)
    const counted = Object.fromEntries(reasons.categories.map((c) => [c.label, c.verifications]))
    // A (5001) and C (5002); A (2004); F (4001); C's 7000 is on its older record only.
    expect(counted).toMatchObject({
      Liveness: 2,
      MRZ: 1,
      'Face comparison': 1,
      'Cross-check duplicate': 0,
    })
    expect(reasons.codes).toEqual([
      { code: 2004, category: 'MRZ', verifications: 1 },
      { code: 4001, category: 'Face comparison', verifications: 1 },
      { code: 5001, category: 'Liveness', verifications: 1 },
      { code: 5002, category: 'Liveness', verifications: 1 },
    ])
  })

  it('excludes sandbox, and is empty for an empty period', async () => {
    const live = await failureReasons(store.db, LIVE)
    expect(live.failed).toBe(3)
    expect(live.withoutCode).toBe(0)
    const empty = await failureReasons(store.db, EMPTY)
    expect(empty.failed).toBe(0)
    expect(empty.codes).toEqual([])
    expect(empty.categories.every((c) => c.verifications === 0)).toBe(true)
  })
})

describe('screenings per day', () => {
  it('counts screenings by risk and those with a match', async () => {
    expect(await screeningsPerDay(store.db, WEEK)).toEqual([
      { day: '2026-11-02', high: 1, medium: 1, low: 0, other: 0, withMatch: 2, total: 2 },
      { day: '2026-11-03', high: 1, medium: 0, low: 1, other: 1, withMatch: 1, total: 3 },
    ])
    expect((await screeningsPerDay(store.db, LIVE))[1]).toEqual({
      day: '2026-11-03',
      high: 0,
      medium: 0,
      low: 1,
      other: 1,
      withMatch: 0,
      total: 2,
    })
  })
})

describe('decisions per week', () => {
  it('counts decisions set, second looks apart, and leaves carry-overs out', async () => {
    expect(await decisionsPerWeek(store.db, WEEK)).toEqual([
      {
        week: '2026-11-02',
        trueMatch: 1,
        falsePositive: 2,
        secondReview: 1,
        secondLooks: 1,
        carriedOver: 0,
        reopened: 0,
      },
    ])
    // The sandbox screening's false positive goes.
    expect(await decisionsPerWeek(store.db, LIVE)).toEqual([
      {
        week: '2026-11-02',
        trueMatch: 1,
        falsePositive: 1,
        secondReview: 1,
        secondLooks: 1,
        carriedOver: 0,
        reopened: 0,
      },
    ])
    expect(await decisionsPerWeek(store.db, EMPTY)).toEqual([])
  })

  it('counts the matches Verity carried over and those a change reopened, by their week', async () => {
    const { id } = await store.db
      .insertInto('match_decisions')
      .values({
        search_id: search(1),
        match_uuid: 'm2',
        applicant_id: 'app-1',
        decision: 'false_positive',
        action: 'carry_over',
        reason: 'carried over from decision 1; record unchanged',
        user_label: 'Verity',
        analyst_id: 'verity:system verity',
        at: t('11-05T09:00'),
        carried_from: null,
        settles: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await store.db
      .insertInto('match_reopenings')
      .values(
        [search(2), search(4)].map((searchId) => ({
          search_id: searchId,
          match_uuid: 'm3',
          applicant_id: 'app-1',
          decision_id: id,
          changes: '[]',
          at: t('11-05T10:00'),
        })),
      )
      .execute()
    const [week] = await decisionsPerWeek(store.db, WEEK)
    expect(week).toMatchObject({ falsePositive: 2, carriedOver: 1, reopened: 2 })
    // The sandbox screening's reopened match goes.
    const [live] = await decisionsPerWeek(store.db, LIVE)
    expect(live).toMatchObject({ falsePositive: 1, carriedOver: 1, reopened: 1 })
  })
})

describe('review times', () => {
  it('gives median and 90th percentile hours to the first decision and to the case close', async () => {
    // First decisions after 4, 46 and 24 h; cases closed 24 and 73 h after their screening.
    expect(await reviewTimesPerWeek(store.db, WEEK)).toEqual([
      {
        week: '2026-11-02',
        screenings: 3,
        decided: 3,
        firstDecisionP50: 24,
        firstDecisionP90: 41.6,
        closedCases: 2,
        closeP50: 48.5,
        closeP90: 68.1,
      },
    ])
    const [live] = await reviewTimesPerWeek(store.db, LIVE)
    expect(live).toMatchObject({ screenings: 2, firstDecisionP50: 25, firstDecisionP90: 41.8 })
  })
})

describe('cases', () => {
  it('counts open cases by age and deadlines met against missed', async () => {
    expect(await openCasesByAge(store.db, WEEK, NOW)).toEqual([
      { bucket: '0-2', cases: 0 },
      { bucket: '3-10', cases: 2 },
      { bucket: '11-30', cases: 0 },
      { bucket: '31+', cases: 1 },
    ])
    expect(await deadlines(store.db, WEEK, NOW)).toEqual({ met: 1, missed: 1, openOverdue: 2 })
    expect(await deadlines(store.db, LIVE, NOW)).toEqual({ met: 1, missed: 1, openOverdue: 1 })
    expect(await deadlines(store.db, EMPTY, NOW)).toMatchObject({ met: 0, missed: 0 })
  })

  it('sums up each analyst: cases closed, decisions made, median hours to close', async () => {
    expect(await perAnalyst(store.db, WEEK)).toEqual([
      {
        analystId: ANA.analyst_id,
        label: ANA.user_label,
        casesClosed: 1,
        decisions: 3,
        medianHoursToClose: 72,
      },
      {
        analystId: BEN.analyst_id,
        label: BEN.user_label,
        casesClosed: 1,
        decisions: 2,
        medianHoursToClose: 23,
      },
    ])
    expect(await perAnalyst(store.db, EMPTY)).toEqual([])
  })
})

describe('the queue agrees', () => {
  beforeAll(async () => {
    // Making a case reads the settings (its due date), which need an upstream to parse.
    vi.stubEnv('DS_API_BASE_URL', 'http://upstream.test')
    vi.stubEnv('DS_API_KEY', 'test-key')
    // Cases for the failed verifications that have none yet (E and F); the charts above count the
    // hand-made ones alone.
    await makeCases(store.db, ['v6', 'v7'], NOW)
  })
  const queued = async (filters: Record<string, string>) => {
    const params = caseListParams.parse({ view: 'all', kind: 'failed_verification', ...filters })
    return (await listCases(store.db, ANA.analyst_id, params, NOW)).total
  }

  it('lists as many failed verification cases as the charts count, per period, category and environment', async () => {
    const days = { from: '2026-11-01', to: '2026-11-07' }
    const failed = (await failureReasons(store.db, WEEK)).failed
    expect(failed).toBeGreaterThan(0)
    expect(await queued(days)).toBe(failed)
    expect(await queued({ ...days, env: 'live' })).toBe(
      (await failureReasons(store.db, LIVE)).failed,
    )
    const liveness = (await failureReasons(store.db, WEEK)).categories.find(
      (c) => c.key === 'liveness',
    )
    expect(liveness?.verifications).toBeGreaterThan(0)
    expect(await queued({ ...days, error: 'liveness' })).toBe(liveness?.verifications)
    expect(await queued({ ...days, from: '2026-11-03', to: '2026-11-03' })).toBe(
      (await verificationsPerDay(store.db, ONE_DAY))[0]?.failed,
    )
  })

  it('counts open cases past their due date as the Overdue view lists them, a snoozed one not', async () => {
    const overdue = async () =>
      (await listCases(store.db, ANA.analyst_id, caseListParams.parse({ view: 'overdue' }), NOW))
        .total
    expect((await deadlines(store.db, WEEK, NOW)).openOverdue).toBe(await overdue())
    // v1's case, overdue, waits until tomorrow: out of the Overdue view, and out of the chart.
    await sql`update cases set state = 'waiting', snoozed_until = ${new Date(NOW.getTime() + 86_400_000)}
      where record_id = 'v1'`.execute(store.db)
    const after = await overdue()
    expect(after).toBeGreaterThan(0)
    expect((await deadlines(store.db, WEEK, NOW)).openOverdue).toBe(after)
  })
})

describe('the period', () => {
  it('covers whole UTC days, and refuses what it cannot read', () => {
    expect(periodDays(ONE_DAY)).toEqual(['2026-11-03'])
    expect(periodWeeks(WEEK)).toEqual(['2026-10-26', '2026-11-02'])
    const last7 = parseAnalyticsParams({ period: '7' }, NOW)
    expect(last7.ok && [last7.range.params.from, last7.range.params.to]).toEqual([
      '2026-11-01',
      '2026-11-07',
    ])
    const bad = (query: Record<string, string>) => {
      const parsed = parseAnalyticsParams(query, NOW)
      return parsed.ok ? [] : parsed.problems
    }
    expect(bad({ period: '12' })).toEqual(['period must be 7, 30 or 90 (days)'])
    expect(bad({ from: '2026-02-30', to: '2026-03-01' })).toEqual(['from is not a calendar date'])
    expect(bad({ from: '2026-03-02', to: '2026-03-01' })).toEqual(['from must not be after to'])
    expect(bad({ from: '2026-03-02' })).toEqual(['A range needs both from and to'])
    expect(bad({ webhook_id: 'nope' })).toEqual(['webhook_id must be a webhook id (a UUID)'])
  })
})

describe('the CSV', () => {
  it("writes a table's rows as they are, quoting what needs it and defusing formulas", () => {
    const csv = tableCsv({
      key: 'analysts',
      columns: ['Analyst', 'Cases closed', 'Median time to close (h)'],
      rows: [
        ['=HYPERLINK("x")', 3, 1.5],
        ['Smith, Ana', 0, null],
      ],
      links: [null, null],
    })
    expect(csv).toBe(
      'Analyst,Cases closed,Median time to close (h)\r\n' +
        `"'=HYPERLINK(""x"")",3,1.5\r\n` +
        '"Smith, Ana",0,\r\n',
    )
  })
})
