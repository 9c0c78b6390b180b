import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { applicantHistory } from '@/lib/applicants/history'
import { nameKey } from '@/lib/history-mirror/name-key'
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
