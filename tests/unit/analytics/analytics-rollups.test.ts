import { sql, type Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { parseAnalyticsParams, type AnalyticsRange } from '@/lib/analytics/params'
import {
  failureReasons,
  reviewTimesPerWeek,
  screeningsPerDay,
  verificationsPerDay,
} from '@/lib/analytics/queries'
import { NO_FACTS, type MirrorRecord } from '@/lib/history-mirror/extract'
import { upsertRecords } from '@/lib/history-mirror/upsert'
import { fillRollups } from '@/lib/store/migrations/0013-analytics-rollups'
import type { Database } from '@/lib/store/schema'
import { ERROR_CATEGORIES, errorCategoryKey } from '@/lib/verifications/error-codes'
import { storeTargets } from '@/tests/unit/helpers/test-store'

/*
 * The per-day rollups of migration 0013, which the verification and screening charts read: they
 * follow records as the mirror writes them (new, redelivered with another status or time, deleted
 * by retention), and they give what counting the records themselves gives, on PGlite and, where
 * PostgreSQL is installed, on a server.
 */

type Db = Kysely<Database>

const W1 = '11111111-1111-4111-8111-111111111111'
const W2 = '22222222-2222-4222-8222-222222222222'
const NOW = new Date('2026-11-12T12:00:00Z')

function record(fields: Partial<MirrorRecord> & { id: string }): MirrorRecord {
  return {
    webhook_id: W1,
    event_type: null,
    at: null,
    at_raw: null,
    payload_state: 'ok',
    ...NO_FACTS,
    is_sandbox: false,
    attempts: 1,
    response_code: '200',
    content_digest: null,
    held_copy: 'poll',
    ...fields,
  }
}

function range(query: Record<string, string>): AnalyticsRange {
  const parsed = parseAnalyticsParams({ from: '2026-11-01', to: '2026-11-07', ...query }, NOW)
  if (!parsed.ok) throw new Error(parsed.problems.join('; '))
  return parsed.range
}

const RANGES = [
  range({}),
  range({ from: '2026-11-01', to: '2026-11-10' }),
  range({ from: '2026-11-03', to: '2026-11-03' }),
  range({ env: 'live' }),
  range({ env: 'sandbox', from: '2026-11-01', to: '2026-11-10' }),
  range({ webhook_id: W2, from: '2026-11-01', to: '2026-11-10' }),
  range({ webhook_id: W1, env: 'live' }),
]

/** Records and filters as SQL over the records themselves (the page's statements before 0013). */
function recordFilters(range: AnalyticsRange) {
  const { webhookId, environment } = range.params
  return sql.join(
    [
      sql`r.at >= ${range.start} and r.at < ${range.end}`,
      webhookId ? sql`r.webhook_id = ${webhookId}` : sql`true`,
      environment ? sql`r.is_sandbox = ${environment === 'sandbox'}` : sql`true`,
    ],
    sql` and `,
  )
}

const newest = (range: AnalyticsRange) => sql`
  select r.id, r.at, r.status, r.error_codes from history_records r
  where r.event_type = 'DOCVER' and r.short_id is not null and ${recordFilters(range)}
    and not exists (
      select 1 from history_records n
      where n.event_type = 'DOCVER' and n.short_id = r.short_id
        and (n.at > r.at or (n.at = r.at and n.id > r.id))
    )`

const tenths = (value: number | string | null) =>
  value === null ? null : Math.round(Number(value) * 10) / 10

/** Every figure the rollups give, counted from the records and decisions instead. */
async function fromRecords(db: Db, range: AnalyticsRange) {
  const verifications = await sql`
    select to_char(v.at at time zone 'UTC', 'YYYY-MM-DD') as day,
      count(*) filter (where v.status = 'verified')::int as verified,
      count(*) filter (where v.status = 'failed')::int as failed,
      count(*) filter (where v.status is distinct from 'verified'
        and v.status is distinct from 'failed')::int as other
    from (${newest(range)}) v group by 1 order by 1`.execute(db)
  const failed = await sql<{ id: string; error_codes: number[] }>`
    select v.id, v.error_codes from (${newest(range)}) v where v.status = 'failed'`.execute(db)
  const codes = new Map<number, number>()
  for (const row of failed.rows) {
    for (const code of row.error_codes) codes.set(code, (codes.get(code) ?? 0) + 1)
  }
  const screenings = await sql`
    select to_char(r.at at time zone 'UTC', 'YYYY-MM-DD') as day,
      count(*) filter (where r.risk = 'High')::int as high,
      count(*) filter (where r.risk = 'Medium')::int as medium,
      count(*) filter (where r.risk = 'Low')::int as low,
      count(*) filter (where r.risk is null or r.risk not in ('High', 'Medium', 'Low'))::int as other,
      count(*) filter (where r.match_count > 0)::int as "withMatch",
      count(*)::int as total
    from history_records r
    where r.event_type = 'AML_SCREENING' and ${recordFilters(range)}
    group by 1 order by 1`.execute(db)
  const reviewTimes = await sql<{
    week: string
    screenings: number
    decided: number
    p50: number | null
    p90: number | null
  }>`
    select to_char(date_trunc('week', r.at at time zone 'UTC'), 'YYYY-MM-DD') as week,
      count(*)::int as screenings, count(first.at)::int as decided,
      percentile_cont(0.5) within group (order by extract(epoch from first.at - r.at) / 3600.0) as p50,
      percentile_cont(0.9) within group (order by extract(epoch from first.at - r.at) / 3600.0) as p90
    from history_records r
    left join lateral (
      select min(d.at) as at from match_decisions d
      where d.search_id = lower(r.search_uuid) and d.at >= r.at
    ) first on true
    where r.event_type = 'AML_SCREENING' and r.match_count > 0 and r.search_uuid is not null
      and ${recordFilters(range)}
    group by 1 order by 1`.execute(db)
  return {
    verifications: verifications.rows,
    failed: failed.rows.length,
    withoutCode: failed.rows.filter((row) => row.error_codes.length === 0).length,
    categories: ERROR_CATEGORIES.map((category) => ({
      key: errorCategoryKey(category),
      verifications: failed.rows.filter((row) =>
        row.error_codes.some((code) => code >= category.from && code <= category.to),
      ).length,
    })),
    codes: [...codes]
      .map(([code, verifications]) => ({ code, verifications }))
      .sort((a, b) => b.verifications - a.verifications || a.code - b.code)
      .slice(0, 10),
    screenings: screenings.rows,
    reviewTimes: reviewTimes.rows.map((row) => ({
      week: row.week,
      screenings: row.screenings,
      decided: row.decided,
      p50: tenths(row.p50),
      p90: tenths(row.p90),
    })),
  }
}

/** The same figures as the page reads them, from the rollups. */
async function fromRollups(db: Db, range: AnalyticsRange) {
  const reasons = await failureReasons(db, range)
  return {
    verifications: await verificationsPerDay(db, range),
    failed: reasons.failed,
    withoutCode: reasons.withoutCode,
    categories: reasons.categories.map(({ key, verifications }) => ({ key, verifications })),
    codes: reasons.codes.map(({ code, verifications }) => ({ code, verifications })),
    screenings: await screeningsPerDay(db, range),
    reviewTimes: (await reviewTimesPerWeek(db, range)).map((row) => ({
      week: row.week,
      screenings: row.screenings,
      decided: row.decided,
      p50: row.firstDecisionP50,
      p90: row.firstDecisionP90,
    })),
  }
}

/** A small deterministic generator (a linear congruential one), so a failure can be replayed. */
function generator(seed: number) {
  let state = seed
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!
  return { next, pick }
}

const CODES = [1001, 2004, 2010, 4001, 5001, 5002, 7000, 9999]
const search = (n: number) => `bbbbbbbb-0000-4000-8000-${String(n).padStart(12, '0')}`

function randomRecord(id: string, random: ReturnType<typeof generator>): MirrorRecord {
  const day = 1 + Math.floor(random.next() * 11)
  const at = random.next() < 0.05 ? null : new Date(Date.UTC(2026, 9, 31 + day, random.next() * 24))
  const codes = CODES.filter(() => random.next() < 0.2)
  return record({
    id,
    event_type: random.pick([
      'DOCVER',
      'DOCVER',
      'AML_SCREENING',
      'AML_SCREENING',
      'DOCVER_CHECKS',
    ]),
    at,
    webhook_id: random.pick([W1, W1, W2, null]),
    is_sandbox: random.pick([false, false, true, null]),
    short_id: random.next() < 0.1 ? null : `S${Math.floor(random.next() * 80)}`,
    status: random.pick(['verified', 'failed', 'failed', 'expired', null]),
    error_codes: codes,
    risk: random.pick(['High', 'Medium', 'Low', null, 'Unknown']),
    match_count: random.pick([0, 1, 3, null]),
    search_uuid: random.next() < 0.1 ? null : search(Math.floor(random.next() * 40)),
  })
}

const targets = storeTargets()

describe.each(targets)('the analytics rollups on $name', ({ open }) => {
  let db: Db
  let close: () => Promise<void>

  beforeAll(async () => {
    ;({ db, close } = await open())
  })
  afterAll(async () => {
    await close()
  })

  it('follow a verification redelivered with another status, a newer record, and retention', async () => {
    const week = range({})
    const failed = record({
      id: 'x1',
      event_type: 'DOCVER',
      short_id: 'X',
      at: new Date('2026-11-03T10:00:00Z'),
      status: 'failed',
      error_codes: [5001, 5002, 2004],
    })
    await upsertRecords(db, [failed], NOW)
    expect(await verificationsPerDay(db, week)).toEqual([
      { day: '2026-11-03', verified: 0, failed: 1, other: 0 },
    ])
    const reasons = await failureReasons(db, week)
    expect(reasons.failed).toBe(1)
    // Two liveness codes, one verification.
    expect(reasons.categories.find((c) => c.key === 'liveness')?.verifications).toBe(1)

    // The same record again, now verified: it moves, it is not added.
    await upsertRecords(db, [{ ...failed, status: 'verified', attempts: 2 }], NOW)
    expect(await verificationsPerDay(db, week)).toEqual([
      { day: '2026-11-03', verified: 1, failed: 0, other: 0 },
    ])
    expect((await failureReasons(db, week)).failed).toBe(0)
    expect((await failureReasons(db, week)).codes).toEqual([])

    // A newer record of the verification: it counts on its own day, the older one no more.
    await upsertRecords(
      db,
      [{ ...failed, id: 'x2', at: new Date('2026-11-05T09:00:00Z'), error_codes: [4001] }],
      NOW,
    )
    expect(await verificationsPerDay(db, week)).toEqual([
      { day: '2026-11-05', verified: 0, failed: 1, other: 0 },
    ])
    expect((await failureReasons(db, range({ env: 'sandbox' }))).failed).toBe(0)

    // Retention deletes the newer record: the older one counts again.
    await db.deleteFrom('history_records').where('id', '=', 'x2').execute()
    expect(await verificationsPerDay(db, week)).toEqual([
      { day: '2026-11-03', verified: 1, failed: 0, other: 0 },
    ])
  })

  it('follow a screening redelivered with another risk and into the sandbox', async () => {
    const day = range({ from: '2026-11-04', to: '2026-11-04' })
    const screening = record({
      id: 'y1',
      event_type: 'AML_SCREENING',
      at: new Date('2026-11-04T08:00:00Z'),
      risk: 'High',
      match_count: 2,
      search_uuid: search(999),
    })
    await upsertRecords(db, [screening], NOW)
    expect(await screeningsPerDay(db, day)).toEqual([
      { day: '2026-11-04', high: 1, medium: 0, low: 0, other: 0, withMatch: 1, total: 1 },
    ])
    await upsertRecords(db, [{ ...screening, risk: 'Low', match_count: 0, is_sandbox: true }], NOW)
    expect(await screeningsPerDay(db, day)).toEqual([
      { day: '2026-11-04', high: 0, medium: 0, low: 1, other: 0, withMatch: 0, total: 1 },
    ])
    expect(
      await screeningsPerDay(db, range({ from: '2026-11-04', to: '2026-11-04', env: 'live' })),
    ).toEqual([])
    await db.deleteFrom('history_records').where('id', '=', 'y1').execute()
    expect(await screeningsPerDay(db, day)).toEqual([])
  })

  it("time a closed case's screening even after a redelivery took its matches away", async () => {
    const october = range({ from: '2026-10-05', to: '2026-10-11' })
    const screening = record({
      id: 'z1',
      event_type: 'AML_SCREENING',
      at: new Date('2026-10-06T08:00:00Z'),
      risk: 'High',
      match_count: 1,
      search_uuid: search(998),
    })
    await upsertRecords(db, [screening], NOW)
    const { id } = await db
      .insertInto('cases')
      .values({
        kind: 'screening',
        resource_type: 'aml_search',
        resource_id: search(998),
        record_id: 'z1',
        applicant_id: null,
        risk: 'High',
        priority: 3,
        state: 'closed',
        outcome: 'false_positive',
        due_at: new Date('2026-10-07T08:00:00Z'),
        created_at: new Date('2026-10-06T09:00:00Z'),
        updated_at: new Date('2026-10-06T20:00:00Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('case_events')
      .values({
        case_id: id,
        kind: 'move',
        analyst_id: 'https://idp.test ana',
        user_label: 'ana@verity.test',
        from_state: 'open',
        to_state: 'closed',
        outcome: 'false_positive',
        at: new Date('2026-10-06T20:00:00Z'),
      })
      .execute()
    const closes = async () =>
      (await reviewTimesPerWeek(db, october)).map(({ week, closedCases, closeP50 }) => ({
        week,
        closedCases,
        closeP50,
      }))
    expect(await closes()).toEqual([{ week: '2026-10-05', closedCases: 1, closeP50: 12 }])
    // Redelivered without matches: no longer a screening to review, its case still closed in 12 h.
    await upsertRecords(db, [{ ...screening, match_count: 0 }], NOW)
    const copied = await sql<{ n: number }>`
      select count(*)::int as n from analytics_screenings where record_id = 'z1'`.execute(db)
    expect(copied.rows[0]?.n).toBe(0)
    expect(await closes()).toEqual([{ week: '2026-10-05', closedCases: 1, closeP50: 12 }])
  })

  it('give what counting the records gives, as records arrive, change and go, and when counted afresh', async () => {
    const random = generator(30)
    const ids = Array.from({ length: 400 }, (_, i) => `g${i}`)
    const check = async () => {
      for (const period of RANGES) {
        expect(await fromRollups(db, period)).toEqual(await fromRecords(db, period))
      }
    }
    // Pages of records, as the mirror stores them.
    for (let first = 0; first < ids.length; first += 100) {
      const page = ids.slice(first, first + 100).map((id) => randomRecord(id, random))
      await upsertRecords(db, page, NOW)
    }
    await db
      .insertInto('match_decisions')
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          search_id: search(i % 40),
          match_uuid: `m${i}`,
          applicant_id: null,
          decision: random.pick(['true_match', 'false_positive']),
          action: 'set',
          reason: 'Checked in the test.',
          user_label: 'ana@verity.test',
          analyst_id: 'https://idp.test ana',
          at: new Date(Date.UTC(2026, 10, 1 + Math.floor(random.next() * 10), 12)),
          carried_from: null,
          settles: true,
        })),
      )
      .execute()
    await check()
    const all = await fromRecords(db, RANGES[1]!)
    // The data set has something of each kind to compare.
    expect(all.failed).toBeGreaterThan(10)
    expect(all.screenings.length).toBeGreaterThan(5)
    expect(all.reviewTimes.some((week) => week.decided > 0)).toBe(true)
    // Redeliveries: a third of the records again, with other facts (status, time, verification).
    const again = ids.filter(() => random.next() < 0.33).map((id) => randomRecord(id, random))
    await upsertRecords(db, again, NOW)
    await check()
    // Retention, and records deleted one statement at a time.
    await db.deleteFrom('history_records').where('at', '<', new Date('2026-11-03')).execute()
    for (const id of ids.filter(() => random.next() < 0.1)) {
      await db.deleteFrom('history_records').where('id', '=', id).execute()
    }
    await check()
    // The migration's count of records already held gives the same.
    await sql`delete from analytics_screening_days`.execute(db)
    await sql`delete from analytics_verifications`.execute(db)
    await sql`delete from analytics_verification_days`.execute(db)
    await sql`delete from analytics_screenings`.execute(db)
    await fillRollups(db)
    await check()
  })
})
