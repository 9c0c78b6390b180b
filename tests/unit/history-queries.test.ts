import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { applicantHistory } from '@/lib/applicants/history'
import { NO_FACTS } from '@/lib/history-mirror/extract'
import { nameKey } from '@/lib/history-mirror/name-key'
import { upsertRecords } from '@/lib/history-mirror/upsert'
import { QUEUE_AGES, type QueueFilters } from '@/lib/queue/params'
import { queryQueue } from '@/lib/queue/queue'
import { searchIds, searchNames } from '@/lib/search/mirror'
import type { HistoryRecordsTable } from '@/lib/store/schema'
import type { Insertable } from 'kysely'

import { openTestStore } from '@/tests/unit/helpers/test-store'

let store: Awaited<ReturnType<typeof openTestStore>>

beforeAll(async () => {
  store = await openTestStore()
}, 60_000)

afterAll(async () => {
  await store.close()
})

beforeEach(async () => {
  await sql`delete from history_records`.execute(store.db)
  // Decisions and notes are append-only: each test's reports get ids of their own instead.
  salt += 1
})

let salt = 0

const NOW = new Date('2026-11-25T12:00:00Z')
const WEBHOOK = '11111111-2222-3333-4444-555555555555'
const OTHER_WEBHOOK = '99999999-2222-3333-4444-555555555555'

function hoursAgo(hours: number) {
  return new Date(NOW.getTime() - hours * 3_600_000)
}

type Fixture = Partial<Insertable<HistoryRecordsTable>> & { id: string }

async function insert(...records: Fixture[]) {
  await store.db
    .insertInto('history_records')
    .values(
      records.map((record) => ({
        webhook_id: WEBHOOK,
        event_type: 'AML_SCREENING',
        at: hoursAgo(1),
        payload_state: 'ok' as const,
        error_codes: [],
        first_seen_at: NOW,
        updated_at: NOW,
        ...record,
        name_key: nameKey(record.requested_name ?? null),
      })),
    )
    .execute()
}

function uuidOf(id: string) {
  return `00000000-0000-0000-${String(salt).padStart(4, '0')}-${id.padStart(12, '0')}`
}

function amlScreening(id: string, applicant: string, risk: string, hours: number, name = id) {
  return {
    id,
    applicant_id: applicant,
    risk,
    at: hoursAgo(hours),
    match_count: 2,
    search_uuid: uuidOf(id),
    screening_id: `scr-${id}`,
    requested_name: name,
    external_id: `crm-${id}`,
  } satisfies Fixture
}

function verification(id: string, shortId: string, status: string, hours: number) {
  return {
    id,
    event_type: 'DOCVER',
    short_id: shortId,
    status,
    at: hoursAgo(hours),
  } satisfies Fixture
}

async function decide(searchUuid: string, matchUuid: string, decision: string, action = 'set') {
  await store.db
    .insertInto('match_decisions')
    .values({
      search_id: searchUuid,
      match_uuid: matchUuid,
      applicant_id: null,
      decision,
      action,
      reason: 'Checked against the register.',
      user_label: 'ana',
      analyst_id: 'https://idp.test ana',
      settles: action === 'confirm' || action === 'overturn' || decision === 'false_positive',
      at: NOW,
      carried_from: null,
    })
    .execute()
}

const noFilters: QueueFilters = { risk: null, eventType: null, webhookId: null, age: null }

const ids = (page: { rows: { recordId: string }[] }) => page.rows.map((row) => row.recordId)

describe('the work queue', () => {
  it('holds High before Medium, oldest first within a risk, failed verifications with High', async () => {
    await insert(
      amlScreening('m-old', 'a1', 'Medium', 50),
      amlScreening('h-new', 'a2', 'High', 2),
      amlScreening('h-old', 'a3', 'High', 900),
      amlScreening('low', 'a4', 'Low', 3),
      {
        id: 'v-failed',
        event_type: 'DOCVER',
        short_id: 'VFAILED',
        status: 'failed',
        at: hoursAgo(10),
      },
      { id: 'v-ok', event_type: 'DOCVER', short_id: 'VOK', status: 'verified', at: hoursAgo(10) },
    )
    const page = await queryQueue(store.db, noFilters, { now: NOW })
    expect(ids(page)).toEqual(['h-old', 'v-failed', 'h-new', 'm-old'])
    expect(page.next).toBeNull()
    expect(page.rows[0]).toMatchObject({
      kind: 'screening',
      name: 'h-old',
      risk: 'High',
      matches: 2,
      reviewed: 0,
      subject: 'screening:h-old',
    })
  })

  it("counts only an applicant's newest screening and a verification's newest record", async () => {
    await insert(
      amlScreening('first', 'a1', 'High', 100),
      amlScreening('rescreen', 'a1', 'Low', 5),
      amlScreening('b-first', 'b1', 'Medium', 100),
      amlScreening('b-rescreen', 'b1', 'High', 5),
      { id: 'v1', event_type: 'DOCVER', short_id: 'V1', status: 'failed', at: hoursAgo(20) },
      { id: 'v1-later', event_type: 'DOCVER', short_id: 'V1', status: 'verified', at: hoursAgo(2) },
    )
    expect(ids(await queryQueue(store.db, noFilters, { now: NOW }))).toEqual(['b-rescreen'])
  })

  it('keeps the newest of each subject whatever order the records arrive in', async () => {
    const queued = async () => ids(await queryQueue(store.db, noFilters, { now: NOW }))
    await insert(amlScreening('middle', 'a1', 'High', 50))
    await insert(verification('v1', 'V1', 'failed', 40))
    expect(await queued()).toEqual(['middle', 'v1'])
    // Older records arriving later (a backfill reads newest first) change nothing.
    await insert(
      amlScreening('oldest', 'a1', 'High', 900),
      verification('v1-older', 'V1', 'failed', 400),
    )
    expect(await queued()).toEqual(['middle', 'v1'])
    // A newer one in the same statement as another subject's record takes its subject's place.
    await insert(
      amlScreening('rescreen', 'a1', 'Low', 5),
      verification('v1-verified', 'V1', 'verified', 3),
    )
    expect(await queued()).toEqual([])
    // A redelivery that moves the newest record back in time hands the place back.
    await sql`update history_records set at = ${hoursAgo(1000)} where id in ('rescreen', 'v1-verified')`.execute(
      store.db,
    )
    expect(await queued()).toEqual(['middle', 'v1'])
    // And one moved to another applicant leaves its old applicant's screenings compared again.
    await sql`update history_records set at = ${hoursAgo(1)}, applicant_id = 'a2' where id = 'rescreen'`.execute(
      store.db,
    )
    expect(await queued()).toEqual(['middle', 'v1'])
    await sql`update history_records set applicant_id = 'a1' where id = 'rescreen'`.execute(
      store.db,
    )
    expect(await queued()).toEqual(['v1'])
  })

  it("gives the mirror's pages the same newest of each subject as the triggers, in either order", async () => {
    const mirror = (...fixtures: Fixture[]) =>
      upsertRecords(
        store.db,
        fixtures.map((fixture) => ({
          ...NO_FACTS,
          webhook_id: WEBHOOK,
          event_type: 'AML_SCREENING',
          at: hoursAgo(1),
          at_raw: null,
          payload_state: 'ok' as const,
          is_sandbox: false,
          attempts: 1,
          response_code: '200',
          error_codes: [],
          ...fixture,
          name_key: nameKey(fixture.requested_name ?? null),
        })),
        NOW,
      )
    const queued = async () => ids(await queryQueue(store.db, noFilters, { now: NOW }))
    // A backfill's first page, then an older one: older records of held subjects, and subjects
    // whose records are all on that page, the newest last, one of them without a time.
    await mirror(amlScreening('middle', 'a1', 'High', 50), verification('v1', 'V1', 'failed', 40))
    await mirror(
      amlScreening('oldest', 'a1', 'High', 900),
      verification('v1-older', 'V1', 'failed', 400),
      amlScreening('x-old', 'a3', 'High', 20),
      amlScreening('x-new', 'a3', 'High', 10),
      { ...amlScreening('n-undated', 'a4', 'High', 0), at: null },
      amlScreening('n-dated', 'a4', 'Medium', 30),
    )
    expect(await queued()).toEqual(['middle', 'v1', 'x-new', 'n-dated'])
    // A poll's newer records replace the held newest ones.
    await mirror(
      amlScreening('rescreen', 'a1', 'Low', 5),
      verification('v1-ok', 'V1', 'verified', 3),
    )
    expect(await queued()).toEqual(['x-new', 'n-dated'])
    const { rows } = await sql<{ id: string; superseded: boolean }>`
      select id, superseded from history_records order by id`.execute(store.db)
    expect(rows.filter((row) => !row.superseded).map((row) => row.id)).toEqual([
      'n-dated',
      'rescreen',
      'v1-ok',
      'x-new',
    ])
  })

  it('leaves out a screening whose matches are all decided, keeps one awaiting a second analyst', async () => {
    await insert(amlScreening('done', 'a1', 'High', 30), amlScreening('half', 'a2', 'High', 20))
    await decide(uuidOf('done'), 'm1', 'false_positive')
    await decide(uuidOf('done'), 'm2', 'false_positive')
    await decide(uuidOf('half'), 'm1', 'false_positive')
    await decide(uuidOf('half'), 'm2', 'true_match')
    const page = await queryQueue(store.db, noFilters, { now: NOW })
    expect(page.rows).toEqual([
      expect.objectContaining({ recordId: 'half', reviewed: 2, awaitingSecond: 1 }),
    ])
    await decide(uuidOf('half'), 'm2', 'true_match', 'confirm')
    expect(ids(await queryQueue(store.db, noFilters, { now: NOW }))).toEqual([])
  })

  it('pages with a cursor that neither repeats nor skips a row', async () => {
    await insert(
      ...Array.from({ length: 7 }, (_, i) => amlScreening(`h${i}`, `ah${i}`, 'High', 100 - i)),
      ...Array.from({ length: 5 }, (_, i) => amlScreening(`m${i}`, `am${i}`, 'Medium', 100 - i)),
    )
    const seen: string[] = []
    let cursor: string | null = null
    for (let pages = 0; pages < 10; pages += 1) {
      const page = await queryQueue(store.db, noFilters, { cursor, limit: 5, now: NOW })
      seen.push(...ids(page))
      cursor = page.next
      if (!cursor) break
    }
    expect(seen).toEqual([
      ...Array.from({ length: 7 }, (_, i) => `h${i}`),
      ...Array.from({ length: 5 }, (_, i) => `m${i}`),
    ])
  })

  it('starts over for a cursor made by hand: a date PostgreSQL cannot hold, an id with a NUL', async () => {
    await insert(amlScreening('h0', 'ah0', 'High', 10), amlScreening('h1', 'ah1', 'High', 5))
    const made = (value: unknown[]) => Buffer.from(JSON.stringify(value)).toString('base64url')
    for (const cursor of [
      made([1, '-271821-04-20T00:00:00.000Z', 'h0']),
      made([1, '+275760-09-13T00:00:00.000Z', 'h0']),
      made([1, NOW.toISOString(), 'h\u00000']),
      made([2, NOW.toISOString(), 'x'.repeat(6000)]),
    ]) {
      expect(ids(await queryQueue(store.db, noFilters, { cursor, now: NOW }))).toEqual(['h0', 'h1'])
    }
  })

  it('pages failed verifications alone by time, among High screenings of the same times', async () => {
    await insert(
      ...Array.from({ length: 5 }, (_, i) => amlScreening(`h${i}`, `ah${i}`, 'High', 100 - 2 * i)),
      ...Array.from({ length: 5 }, (_, i) => verification(`v${i}`, `V${i}`, 'failed', 99 - 2 * i)),
    )
    const seen: string[] = []
    let cursor: string | null = null
    for (let pages = 0; pages < 10; pages += 1) {
      const page = await queryQueue(
        store.db,
        { ...noFilters, eventType: 'DOCVER' },
        {
          cursor,
          limit: 2,
          now: NOW,
        },
      )
      seen.push(...ids(page))
      cursor = page.next
      if (!cursor) break
    }
    expect(seen).toEqual(['v0', 'v1', 'v2', 'v3', 'v4'])
  })

  it('filters by risk, event type, webhook and age', async () => {
    await insert(
      amlScreening('h', 'a1', 'High', 2),
      { ...amlScreening('m', 'a2', 'Medium', 24 * 8), webhook_id: OTHER_WEBHOOK },
      { id: 'v', event_type: 'DOCVER', short_id: 'V', status: 'failed', at: hoursAgo(30) },
    )
    const of = async (filters: Partial<QueueFilters>) =>
      ids(await queryQueue(store.db, { ...noFilters, ...filters }, { now: NOW }))
    expect(await of({ risk: 'Medium' })).toEqual(['m'])
    expect(await of({ risk: 'High' })).toEqual(['h'])
    expect(await of({ eventType: 'DOCVER' })).toEqual(['v'])
    expect(await of({ webhookId: OTHER_WEBHOOK })).toEqual(['m'])
    expect(await of({ age: '1d' })).toEqual(['v', 'm'])
    expect(await of({ age: '7d' })).toEqual(['m'])
    expect(QUEUE_AGES['7d']).toBe(7)
  })
})

describe('search over the mirror', () => {
  beforeEach(async () => {
    await insert(
      amlScreening('jose', 'a1', 'High', 5, 'José ÁLVAREZ-Núñez'),
      amlScreening('jo', 'a2', 'Low', 4, 'Johanna Alvarsson'),
      amlScreening('mary', 'a3', 'Low', 3, "Mary O'Brien"),
    )
  })

  const names = async (query: string) =>
    (await searchNames(store.db, query)).hits.map((hit) => hit.recordId)

  it('finds a name by any word, any word prefix, whatever the case and accents', async () => {
    expect(await names('alvarez')).toEqual(['jose'])
    expect(await names('NUNEZ')).toEqual(['jose'])
    expect(await names('álv')).toEqual(['jo', 'jose'])
    expect(await names('jo alv')).toEqual(['jo', 'jose'])
    expect(await names('jos alv')).toEqual(['jose'])
    expect(await names('brien')).toEqual(['mary'])
    expect(await names('smith')).toEqual([])
    // LIKE's wildcards are text here, not patterns.
    expect(await names('%')).toEqual([])
  })

  it('follows a renamed record', async () => {
    await store.db
      .updateTable('history_records')
      .set({ requested_name: 'Maria Lopez', name_key: nameKey('Maria Lopez') })
      .where('id', '=', 'mary')
      .execute()
    expect(await names('brien')).toEqual([])
    expect(await names('lop')).toEqual(['mary'])
  })

  it('forgets the name of a deleted record, as retention deletes it, when the id comes back', async () => {
    await sql`delete from history_records where id = 'jose'`.execute(store.db)
    await insert(amlScreening('jose', 'a1', 'High', 2, 'Ana Ruiz'))
    expect(await names('alvarez')).toEqual([])
    expect(await names('ruiz')).toEqual(['jose'])
  })

  it('finds records by an exact id they carry', async () => {
    const by = async (id: string) =>
      (await searchIds(store.db, id)).hits.map((hit) => [hit.recordId, hit.matchedBy])
    expect(await by('a1')).toEqual([['jose', 'applicant']])
    expect(await by('scr-jo')).toEqual([['jo', 'screening']])
    expect(await by(uuidOf('mary').toUpperCase())).toEqual([['mary', 'search']])
    expect(await by('crm-jose')).toEqual([['jose', 'external']])
    expect(await by('alvarez')).toEqual([])
  })
})

describe("an applicant's events", () => {
  it('lists every event of the applicant newest first, with review state and notes', async () => {
    await insert(
      amlScreening('old', 'a1', 'High', 5000),
      amlScreening('new', 'a1', 'Medium', 5),
      amlScreening('other', 'a2', 'High', 1),
      {
        id: 'v',
        event_type: 'DOCVER',
        applicant_id: 'a1',
        short_id: `VA1-${salt}`,
        status: 'failed',
        at: hoursAgo(50),
      },
    )
    await decide(uuidOf('old'), 'm1', 'false_positive')
    await store.db
      .insertInto('notes')
      .values([
        {
          resource_type: 'verification',
          resource_id: `VA1-${salt}`,
          body: 'Called',
          user_label: 'ana',
          analyst_id: 'https://idp.test ana',
          at: NOW,
        },
        {
          resource_type: 'aml_search',
          resource_id: uuidOf('new'),
          body: 'x',
          user_label: 'ana',
          analyst_id: 'https://idp.test ana',
          at: NOW,
        },
        {
          resource_type: 'aml_search',
          resource_id: uuidOf('new'),
          body: 'y',
          user_label: 'ana',
          analyst_id: 'https://idp.test ana',
          at: NOW,
        },
      ])
      .execute()
    const { events, more } = await applicantHistory(store.db, 'a1')
    expect(more).toBe(false)
    expect(events.map((event) => [event.recordId, event.reviewed, event.notes])).toEqual([
      ['new', 0, 2],
      ['v', 0, 1],
      ['old', 1, 0],
    ])
    expect((await applicantHistory(store.db, 'a1', 2)).more).toBe(true)
  })
})
