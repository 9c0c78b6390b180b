import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import type * as CarriedModule from '@/lib/cases/carried'
import type * as CreateModule from '@/lib/cases/create'
import type * as CarryModule from '@/lib/review/standing/carry-over'
import { judgedChanges, printMatch } from '@/lib/review/standing/fingerprint'
import { stubEnv } from '@/tests/unit/helpers/env'
import { openTestStore } from '@/tests/unit/helpers/test-store'

/*
 * Standing decisions (#45): the fingerprint, and the carry-over the mirror runs when it stores a new
 * screening, on an embedded store.
 */

type Source = {
  name: string
  source_id: string
  reason: string
  tags?: string[]
  risk_score?: string
}

const match = (uuid: string, extra: Record<string, unknown> = {}) => ({
  uuid,
  importance_score: 0.4,
  updated_at: 1_700_000_000,
  risk_score: 'Medium',
  search_metadata: { name_match_percentage: 81 },
  fields: {
    names: [
      { full_name: 'Ivan Petrov', first_name: 'Ivan', last_name: 'Petrov', lang: 'en' },
      { full_name: 'Иван Петров', lang: 'ru' },
    ],
    dates_of_birth: [{ gte: '1961-03-14', lte: '1961-03-14' }],
    citizenships: ['RU', 'CY'],
    sources: <Source[]>[
      { name: 'OFAC SDN', source_id: 'ofac-sdn', reason: 'Sanctioned', tags: ['Sanctions'] },
      { name: 'EU List', source_id: 'eu-fsf', reason: 'Asset freeze', risk_score: 'High' },
    ],
    media: [{ headline: 'Petrov named in leak', importance_score: 0.2 }],
    ...extra,
  },
})

describe('the fingerprint', () => {
  const base = printMatch(match('m1')).fingerprint

  it('is unchanged under reordering and by scores and updated_at', () => {
    const shuffled = match('m1')
    shuffled.fields.names.reverse()
    shuffled.fields.sources.reverse()
    shuffled.fields.citizenships.reverse()
    shuffled.importance_score = 0.9
    shuffled.updated_at = 1_800_000_000
    shuffled.risk_score = 'High'
    shuffled.search_metadata = { name_match_percentage: 99 }
    shuffled.fields.media = [{ headline: 'Petrov named in leak', importance_score: 0.8 }]
    expect(printMatch(shuffled).fingerprint).toBe(base)
    expect(base).toMatch(/^v2:sha256:[0-9a-f]{64}$/)
  })

  it('changes with a new source or a date of birth, and says what changed', () => {
    const sourced = match('m1')
    sourced.fields.sources.push({ name: 'UN List', source_id: 'un', reason: 'Travel ban' })
    const born = match('m1', { dates_of_birth: [{ gte: '1962-01-01', lte: '1962-01-01' }] })
    expect(printMatch(sourced).fingerprint).not.toBe(base)
    expect(printMatch(born).fingerprint).not.toBe(base)
    const before = printMatch(match('m1')).judged
    expect(judgedChanges(before, printMatch(sourced).judged)).toEqual([
      {
        field: 'sources',
        added: ['{"name":"UN List","reason":"Travel ban","source_id":"un"}'],
        removed: [],
        addedCount: 1,
        removedCount: 0,
      },
    ])
    // A date of birth is personal: the change counts it and never shows it.
    expect(judgedChanges(before, printMatch(born).judged)).toEqual([
      { field: 'dates_of_birth', added: [], removed: [], addedCount: 1, removedCount: 1 },
    ])
  })
})

let store: Awaited<ReturnType<typeof openTestStore>>
let carry: typeof CarryModule
let create: typeof CreateModule
let carried: typeof CarriedModule

const DAY = 86_400_000
const NOW = new Date('2026-11-20T10:00:00Z')

beforeAll(async () => {
  stubEnv({ DS_API_BASE_URL: 'http://127.0.0.1:9', DS_API_KEY: 'k' })
  carry = await import('@/lib/review/standing/carry-over')
  create = await import('@/lib/cases/create')
  carried = await import('@/lib/cases/carried')
  store = await openTestStore()
}, 60_000)

afterAll(async () => {
  await store.close()
  vi.unstubAllEnvs()
})

beforeEach(async () => {
  for (const table of ['match_reopenings', 'decision_revocations', 'match_decisions']) {
    await sql`alter table ${sql.table(table)} disable trigger user`.execute(store.db)
    await sql`delete from ${sql.table(table)}`.execute(store.db)
    await sql`alter table ${sql.table(table)} enable trigger user`.execute(store.db)
  }
})

async function decide(
  matchUuid: string,
  {
    decision = 'false_positive',
    settles = true,
    at = new Date(NOW.getTime() - 2 * DAY),
    raw = match(matchUuid),
  }: { decision?: string; settles?: boolean; at?: Date; raw?: unknown } = {},
) {
  const print = printMatch(raw)
  const row = await store.db
    .insertInto('match_decisions')
    .values({
      search_id: 's1',
      match_uuid: matchUuid,
      applicant_id: 'app-1',
      decision,
      action: 'set',
      reason: 'Different person: born 1961 elsewhere',
      user_label: 'ana@verity.test',
      analyst_id: 'https://idp.test ana',
      at,
      carried_from: null,
      settles,
      fingerprint: print.fingerprint,
      judged: JSON.stringify(print.judged),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

const screening = (searchId: string, matches: unknown[]) => ({
  searchId,
  applicantId: 'app-1',
  matches,
})

describe('carry-over by itself', () => {
  it('carries unchanged false positives once, reopens a changed one, leaves a new one', async () => {
    const first = await decide('m1')
    const second = await decide('m2')
    await decide('m3')
    const changed = match('m3')
    changed.fields.sources.push({ name: 'UN List', source_id: 'un', reason: 'Travel ban' })
    const rescreened = screening('s2', [match('m1'), match('m2'), changed, match('m4')])
    const outcome = await carry.carryOverNewScreenings(store.db, [rescreened], NOW, 365)
    expect(outcome.carried.map((row) => row.matchUuid)).toEqual(['m1', 'm2'])
    expect(outcome.carried[0]?.reason).toBe(
      `carried over from decision ${first} by ana@verity.test on 2026-11-18; record unchanged`,
    )
    expect(outcome.reopened).toBe(1)
    expect(outcome.settledReports.size).toBe(0)
    const rows = await store.db
      .selectFrom('match_decisions')
      .selectAll()
      .where('search_id', '=', 's2')
      .orderBy('id')
      .execute()
    expect(rows.map((row) => [row.match_uuid, row.user_label, row.carried_from])).toEqual([
      ['m1', 'Verity', first],
      ['m2', 'Verity', second],
    ])
    const reopened = await store.db.selectFrom('match_reopenings').selectAll().execute()
    expect(reopened.map((row) => [row.match_uuid, row.changes])).toEqual([
      [
        'm3',
        [
          {
            field: 'sources',
            added: ['{"name":"UN List","reason":"Travel ban","source_id":"un"}'],
            removed: [],
            addedCount: 1,
            removedCount: 0,
          },
        ],
      ],
    ])
    // The same record stored again (another instance, a re-read): nothing more.
    const again = await carry.carryOverNewScreenings(store.db, [rescreened], NOW, 365)
    expect(again.carried).toEqual([])
    expect(again.reopened).toBe(0)
  })

  it('never carries a true match, a second review or a decision awaiting its second analyst', async () => {
    await decide('m1', { decision: 'true_match', settles: true })
    await decide('m2', { decision: 'second_review', settles: false })
    await decide('m3', { decision: 'false_positive', settles: false })
    const outcome = await carry.carryOverNewScreenings(
      store.db,
      [screening('s2', [match('m1'), match('m2'), match('m3')])],
      NOW,
      365,
    )
    expect(outcome.carried).toEqual([])
    expect(outcome.reopened).toBe(0)
  })

  it('carries a carry-over on, naming the person who decided, until it lapses', async () => {
    const first = await decide('m1', { at: new Date(NOW.getTime() - 300 * DAY) })
    await carry.carryOverNewScreenings(store.db, [screening('s2', [match('m1')])], NOW, 365)
    const next = await carry.carryOverNewScreenings(
      store.db,
      [screening('s3', [match('m1')])],
      new Date(NOW.getTime() + 30 * DAY),
      365,
    )
    expect(next.carried[0]?.reason).toContain(`from decision ${first} by ana@verity.test`)
    // 300 + 70 days after the person decided: lapsed, so the match opens unreviewed.
    const lapsed = await carry.carryOverNewScreenings(
      store.db,
      [screening('s4', [match('m1')])],
      new Date(NOW.getTime() + 70 * DAY),
      365,
    )
    expect(lapsed.carried).toEqual([])
  })

  it('carries no decision a lead revoked, until a person decides again', async () => {
    const first = await decide('m1')
    await store.db
      .insertInto('decision_revocations')
      .values({
        applicant_id: 'app-1',
        match_uuid: 'm1',
        decision_id: first,
        reason: 'New intelligence',
        user_label: 'lea@verity.test',
        analyst_id: 'https://idp.test lea',
        at: NOW,
      })
      .execute()
    const revoked = await carry.carryOverNewScreenings(
      store.db,
      [screening('s2', [match('m1')])],
      NOW,
      365,
    )
    expect(revoked.carried).toEqual([])
    await decide('m1', { at: NOW })
    const decidedAgain = await carry.carryOverNewScreenings(
      store.db,
      [screening('s3', [match('m1')])],
      NOW,
      365,
    )
    expect(decidedAgain.carried).toHaveLength(1)
  })

  it('closes the case of a re-screening that carries only unchanged false positives', async () => {
    await decide('m1')
    await decide('m2')
    const outcome = await carry.carryOverNewScreenings(
      store.db,
      [screening('s9', [match('m1'), match('m2')])],
      NOW,
      365,
    )
    expect([...outcome.settledReports.keys()]).toEqual(['s9'])
    await store.db
      .insertInto('history_records')
      .values({
        id: 'rec-s9',
        event_type: 'AML_SCREENING',
        search_uuid: 'S9',
        applicant_id: 'app-1',
        risk: 'High',
        match_count: 2,
        at: NOW,
        payload_state: 'ok',
        error_codes: [],
        first_seen_at: NOW,
        updated_at: NOW,
      })
      .execute()
    const made = await create.makeCases(store.db, ['rec-s9'], NOW)
    const closed = await carried.closeSettledCases(store.db, made, outcome.settledReports, NOW)
    expect(closed).toHaveLength(1)
    const kase = await store.db
      .selectFrom('cases')
      .selectAll()
      .where('resource_id', '=', 's9')
      .executeTakeFirstOrThrow()
    expect([kase.state, kase.outcome, kase.close_reason]).toEqual([
      'closed',
      'false_positive',
      outcome.settledReports.get('s9'),
    ])
    const events = await store.db
      .selectFrom('case_events')
      .select(['kind', 'user_label'])
      .where('case_id', '=', kase.id)
      .orderBy('id')
      .execute()
    expect(events).toEqual([
      { kind: 'created', user_label: 'history mirror' },
      { kind: 'closed', user_label: 'Verity' },
    ])
  })
})
