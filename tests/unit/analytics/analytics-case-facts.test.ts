import { sql, type Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { parseAnalyticsParams, type AnalyticsRange } from '@/lib/analytics/params'
import { deadlines, openCasesByAge, reviewTimesPerWeek } from '@/lib/analytics/queries'
import { NO_FACTS, type MirrorRecord } from '@/lib/history-mirror/extract'
import { upsertRecords } from '@/lib/history-mirror/upsert'
import { fillCaseRecordFacts } from '@/lib/store/migrations/0015-case-record-facts'
import type { Database } from '@/lib/store/schema'
import { stubEnv } from '@/tests/unit/helpers/env'
import { storeTargets } from '@/tests/unit/helpers/test-store'

/*
 * The copy of its record's time, webhook and environment a case keeps (migration 0015), which the
 * review times' closes and every case filter of /analytics read instead of the mirror: it follows
 * the record as it is redelivered and deleted, and the figures from it equal looking each case's
 * record up, on PGlite and, where PostgreSQL is installed, on a server.
 */

type Db = Kysely<Database>

const W1 = '11111111-1111-4111-8111-111111111111'
const W2 = '22222222-2222-4222-8222-222222222222'
const NOW = new Date('2026-11-12T12:00:00Z')
const search = (n: number) => `cccccccc-0000-4000-8000-${String(n).padStart(12, '0')}`

function record(fields: Partial<MirrorRecord> & { id: string }): MirrorRecord {
  return {
    webhook_id: W1,
    event_type: 'AML_SCREENING',
    at: null,
    at_raw: null,
    payload_state: 'ok',
    ...NO_FACTS,
    is_sandbox: false,
    attempts: 1,
    response_code: '200',
    content_digest: null,
    held_copy: 'poll',
    risk: 'High',
    match_count: 2,
    ...fields,
  }
}

function range(query: Record<string, string>): AnalyticsRange {
  const parsed = parseAnalyticsParams({ from: '2026-11-01', to: '2026-11-10', ...query }, NOW)
  if (!parsed.ok) throw new Error(parsed.problems.join('; '))
  return parsed.range
}

async function makeCase(db: Db, recordId: string, n: number) {
  const { id } = await db
    .insertInto('cases')
    .values({
      kind: 'screening',
      resource_type: 'aml_search',
      resource_id: search(n),
      record_id: recordId,
      applicant_id: null,
      risk: 'High',
      priority: 3,
      state: 'open',
      due_at: new Date('2026-11-20T00:00:00Z'),
      created_at: new Date('2026-11-01T00:00:00Z'),
      updated_at: new Date('2026-11-01T00:00:00Z'),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

async function close(db: Db, caseId: number, at: Date) {
  await db
    .updateTable('cases')
    .set({ state: 'closed', outcome: 'false_positive' })
    .where('id', '=', caseId)
    .execute()
  await db
    .insertInto('case_events')
    .values({
      case_id: caseId,
      kind: 'closed',
      analyst_id: 'https://idp.test ana',
      user_label: 'ana@verity.test',
      from_state: 'in_review',
      to_state: 'closed',
      outcome: 'false_positive',
      at,
    })
    .execute()
}

const factsOf = async (db: Db, caseId: number) =>
  db
    .selectFrom('cases')
    .select(['record_at', 'record_webhook_id', 'record_is_sandbox'])
    .where('id', '=', caseId)
    .executeTakeFirstOrThrow()

/** The closes per week by looking each closed case's record up (the statement before 0015). */
async function closesFromRecords(db: Db, range: AnalyticsRange) {
  const { webhookId, environment } = range.params
  const { rows } = await sql<{ week: string; closed: number; p50: number; p90: number }>`
    select to_char(date_trunc('week', r.at at time zone 'UTC'), 'YYYY-MM-DD') as week,
      count(*)::int as closed,
      round((percentile_cont(0.5) within group (order by extract(epoch from e.at - r.at) / 3600.0))::numeric, 1)::float8 as p50,
      round((percentile_cont(0.9) within group (order by extract(epoch from e.at - r.at) / 3600.0))::numeric, 1)::float8 as p90
    from cases c
    join history_records r on r.id = c.record_id
    join lateral (select max(e.at) as at from case_events e
      where e.case_id = c.id and e.to_state = 'closed') e on e.at is not null
    where c.kind = 'screening' and c.state = 'closed'
      and r.at >= ${range.start} and r.at < ${range.end}
      and ${webhookId ? sql`r.webhook_id = ${webhookId}` : sql`true`}
      and ${environment ? sql`r.is_sandbox = ${environment === 'sandbox'}` : sql`true`}
    group by 1 order by 1`.execute(db)
  return rows
}

async function closesFromCases(db: Db, range: AnalyticsRange) {
  return (await reviewTimesPerWeek(db, range))
    .filter((week) => week.closedCases > 0)
    .map((week) => ({
      week: week.week,
      closed: week.closedCases,
      p50: week.closeP50,
      p90: week.closeP90,
    }))
}

const targets = storeTargets()

describe.each(targets)("a case's copy of its record on $name", ({ open }) => {
  let db: Db
  let closeStore: () => Promise<void>

  beforeAll(async () => {
    ;({ db, close: closeStore } = await open())
  })
  afterAll(async () => {
    await closeStore()
  })

  it("is the screening's time, webhook and environment, and follows a redelivery and a deletion", async () => {
    const screening = record({
      id: 'f1',
      at: new Date('2026-11-03T08:00:00Z'),
      search_uuid: search(1),
    })
    await upsertRecords(db, [screening], NOW)
    const caseId = await makeCase(db, 'f1', 1)
    expect(await factsOf(db, caseId)).toEqual({
      record_at: new Date('2026-11-03T08:00:00Z'),
      record_webhook_id: W1,
      record_is_sandbox: false,
    })
    // Redelivered with another time, webhook and environment.
    const later = new Date('2026-11-04T09:30:00Z')
    await upsertRecords(db, [{ ...screening, at: later, webhook_id: W2, is_sandbox: true }], NOW)
    expect(await factsOf(db, caseId)).toEqual({
      record_at: later,
      record_webhook_id: W2,
      record_is_sandbox: true,
    })
    // Deleted (retention): the case counts under no period, as a lookup that finds nothing.
    await db.deleteFrom('history_records').where('id', '=', 'f1').execute()
    expect(await factsOf(db, caseId)).toEqual({
      record_at: null,
      record_webhook_id: null,
      record_is_sandbox: null,
    })
  })

  it("is given by the mirror's cases as they are made, as the record holds it", async () => {
    const made = [
      record({ id: 'm1', at: new Date('2026-11-05T10:00:00Z'), search_uuid: search(50) }),
      record({ id: 'm2', webhook_id: W2, is_sandbox: true, search_uuid: search(51) }),
      record({
        id: 'm3',
        event_type: 'DOCVER',
        at: new Date('2026-11-06T11:00:00Z'),
        webhook_id: null,
        is_sandbox: null,
        short_id: 'MADE3',
        status: 'failed',
        risk: null,
      }),
    ]
    await upsertRecords(db, made, NOW)
    // makeCases reads the environment (the demo's seeds, the deadlines' hours).
    stubEnv({ DS_API_BASE_URL: 'http://127.0.0.1:9', DS_API_KEY: 'k' })
    const { makeCases } = await import('@/lib/cases/create')
    const cases = await makeCases(
      db,
      made.map((one) => one.id),
      NOW,
    ).finally(() => vi.unstubAllEnvs())
    expect(cases).toHaveLength(3)
    const { rows } = await sql<{ record_id: string; copied: unknown[]; held: unknown[] }>`
      select c.record_id, array[c.record_at::text, c.record_webhook_id, c.record_is_sandbox::text] as copied,
        array[r.at::text, r.webhook_id, r.is_sandbox::text] as held
      from cases c join history_records r on r.id = c.record_id
      where c.record_id in ('m1', 'm2', 'm3') order by c.record_id`.execute(db)
    expect(rows.map((row) => row.copied)).toEqual(rows.map((row) => row.held))
    expect(rows.map((row) => row.copied)).toEqual([
      [expect.stringContaining('2026-11-05'), W1, 'false'],
      [null, W2, 'true'],
      [expect.stringContaining('2026-11-06'), null, null],
    ])
  })

  it('moves the weekly figures when a case closes after they were read', async () => {
    const week = range({ from: '2026-11-09', to: '2026-11-10' })
    const screening = record({
      id: 'f2',
      at: new Date('2026-11-09T06:00:00Z'),
      search_uuid: search(2),
    })
    await upsertRecords(db, [screening], NOW)
    const caseId = await makeCase(db, 'f2', 2)
    expect(await closesFromCases(db, week)).toEqual([])
    expect(
      (await openCasesByAge(db, range({ env: 'live' }), NOW)).find((b) => b.bucket === '11-30')
        ?.cases,
    ).toBe(1)
    await close(db, caseId, new Date('2026-11-09T16:00:00Z'))
    expect(await closesFromCases(db, week)).toEqual([
      { week: '2026-11-09', closed: 1, p50: 10, p90: 10 },
    ])
    expect(await deadlines(db, range({ env: 'live' }), NOW)).toMatchObject({ met: 1, missed: 0 })
    expect(await deadlines(db, range({ env: 'sandbox' }), NOW)).toMatchObject({ met: 0 })
    expect(
      await closesFromCases(db, range({ from: '2026-11-09', to: '2026-11-10', env: 'sandbox' })),
    ).toEqual([])
  })

  it('gives what looking up each record gives, as records are redelivered and deleted, and when copied afresh', async () => {
    let state = 7
    const next = () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
      return state / 2_147_483_648
    }
    const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!
    const randomRecord = (id: string, n: number) =>
      record({
        id,
        at: new Date(Date.UTC(2026, 9, 28 + Math.floor(next() * 16), next() * 24)),
        webhook_id: pick([W1, W1, W2, null]),
        is_sandbox: pick([false, false, true, null]),
        search_uuid: search(n),
      })
    const ids = Array.from({ length: 120 }, (_, i) => `g${i}`)
    await upsertRecords(
      db,
      ids.map((id, i) => randomRecord(id, 100 + i)),
      NOW,
    )
    for (const [i, id] of ids.entries()) {
      const caseId = await makeCase(db, id, 100 + i)
      if (next() < 0.7)
        await close(db, caseId, new Date(Date.UTC(2026, 10, 1 + Math.floor(next() * 14), 12)))
    }
    const ranges = [
      range({}),
      range({ from: '2026-11-03', to: '2026-11-03' }),
      range({ env: 'live' }),
      range({ env: 'sandbox' }),
      range({ webhook_id: W2 }),
      range({ webhook_id: W1, env: 'live', from: '2026-10-26', to: '2026-11-12' }),
    ]
    const check = async () => {
      for (const period of ranges) {
        expect(await closesFromCases(db, period)).toEqual(await closesFromRecords(db, period))
      }
    }
    await check()
    expect((await closesFromRecords(db, ranges[0]!)).length).toBeGreaterThan(1)
    await upsertRecords(
      db,
      ids.filter(() => next() < 0.4).map((id) => randomRecord(id, 100 + ids.indexOf(id))),
      NOW,
    )
    await check()
    await db.deleteFrom('history_records').where('at', '<', new Date('2026-11-02')).execute()
    await check()
    await sql`update cases set record_at = null, record_webhook_id = null, record_is_sandbox = null`.execute(
      db,
    )
    await fillCaseRecordFacts(db)
    await check()
  })
})
