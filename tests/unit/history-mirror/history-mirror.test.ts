import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import type * as LeaseModule from '@/lib/history-mirror/lease'
import type * as StateModule from '@/lib/history-mirror/state'
import type * as StatusModule from '@/lib/history-mirror/status'
import type * as SyncModule from '@/lib/history-mirror/sync'

import { stubEnv } from '@/tests/unit/helpers/env'
import {
  fakeHistory,
  historyHandler,
  screening,
  screenings,
  type FakeHistory,
} from '@/tests/unit/helpers/fake-history'
import { startFakeUpstream, type FakeUpstream } from '@/tests/unit/helpers/fake-upstream'
import { openTestStore, withAppStore } from '@/tests/unit/helpers/test-store'

let fake: FakeUpstream
let store: Awaited<ReturnType<typeof openTestStore>>
let sync: typeof SyncModule
let lease: typeof LeaseModule
let state: typeof StateModule
let status: typeof StatusModule

// Screenings mirrored make cases (lib/cases/create.ts), whose creation is audited in the app's store.
withAppStore()

beforeAll(async () => {
  fake = await startFakeUpstream()
  // The default deadline: no test here is about time, and a loaded machine took 1.9 s of 2.
  stubEnv({ DS_API_BASE_URL: fake.url, DS_API_KEY: 'test-key', DS_API_TIMEOUT_MS: '10000' })
  sync = await import('@/lib/history-mirror/sync')
  lease = await import('@/lib/history-mirror/lease')
  state = await import('@/lib/history-mirror/state')
  status = await import('@/lib/history-mirror/status')
  store = await openTestStore()
}, 60_000)

afterAll(async () => {
  await store.close()
  await fake.close()
  vi.unstubAllEnvs()
})

beforeEach(async () => {
  fake.reset()
  await sql`delete from history_records`.execute(store.db)
  await sql`delete from history_sync_lease`.execute(store.db)
  await sql`delete from history_sync_state`.execute(store.db)
  await sql`insert into history_sync_state (name) values ('history')`.execute(store.db)
})

function serve(history: FakeHistory) {
  fake.handle(historyHandler(history))
  return history
}

/** Small, so that a test's oversized record need not be megabytes. */
const RECORD_CAP = 64 * 1024

async function holding(holder = 'instance-a', pageSize = 10) {
  expect(await lease.takeLease(store.db, holder, 45)).toBe(true)
  return {
    db: store.db,
    holder,
    pageSize,
    recordCap: RECORD_CAP,
    between: async () => {},
  }
}

async function backfillAll(context: SyncModule.SyncContext) {
  while (await sync.backfillPage(context)) await context.between()
}

async function ids() {
  const rows = await store.db.selectFrom('history_records').select('id').orderBy('id').execute()
  return rows.map((row) => row.id)
}

const afterParams = () =>
  fake.requests.map((request) => new URL(request.url, fake.url).searchParams.get('after'))

const limitParams = () =>
  fake.requests.map((request) => new URL(request.url, fake.url).searchParams.get('limit'))

describe('a poll from the top', () => {
  it('asks for a small first page, and reads on in full pages only while all of it is new', async () => {
    const history = serve(fakeHistory(screenings(120)))
    const context = await holding('instance-a', 50)
    await backfillAll(context)

    fake.requests.length = 0
    await sync.poll(context)
    // Nothing new: ten records read, not fifty.
    expect(limitParams()).toEqual([String(sync.POLL_PROBE_RECORDS)])

    history.records.unshift(...screenings(3, 'few', -10))
    fake.requests.length = 0
    await sync.poll(context)
    expect(limitParams()).toEqual(['10'])
    expect(await ids()).toEqual(expect.arrayContaining(['few-0', 'few-1', 'few-2']))

    history.records.unshift(...screenings(15, 'burst', -100))
    fake.requests.length = 0
    await sync.poll(context)
    // The first ten are all new: the poll reads on from the tenth, in a page of fifty.
    expect(limitParams()).toEqual(['10', '50'])
    expect(afterParams()).toEqual([null, 'burst-9'])
    const held = await ids()
    expect(held.filter((id) => id.startsWith('burst-'))).toHaveLength(15)
    expect(held).toHaveLength(138)
  })
})

describe('the history mirror', () => {
  it('backfills a newest-first history to its end, then a poll reads only what arrived since', async () => {
    const history = serve(fakeHistory(screenings(25)))
    const context = await holding()
    await backfillAll(context)
    expect((await ids()).length).toBe(25)
    expect(afterParams()).toEqual([null, 'r-9', 'r-19'])
    const done = await state.readState(store.db)
    expect(done).toMatchObject({ history_order: 'newest_first', backfill_done: true })

    history.records.unshift(screening('new-1', -2), screening('new-0', -1))
    fake.requests.length = 0
    await sync.poll(context)
    expect(afterParams()).toEqual([null])
    expect(await ids()).toContain('new-1')
    const mirror = await status.mirrorStatus(store.db)
    expect(mirror).toMatchObject({
      records: 27,
      backfill: { done: true, pages: 3, records: 25, percent: 100 },
      holder: 'instance-a',
    })
    expect(mirror.newestAt).toBe(new Date(Date.parse('2026-11-20T12:02:00Z')).toISOString())
    expect(mirror.lastPollAt).not.toBeNull()
  })

  it('changes nothing on a re-read, and updates a redelivered record', async () => {
    const history = serve(fakeHistory(screenings(25)))
    const context = await holding()
    await backfillAll(context)
    const before = await store.db.selectFrom('history_records').selectAll().execute()
    await sync.overlap(context)
    const after = await store.db.selectFrom('history_records').selectAll().execute()
    expect(after).toEqual(before)

    Object.assign(history.records[4] as object, { attempts: 3, response_code: 500 })
    await sync.overlap(context)
    const changed = await store.db.selectFrom('history_records').selectAll().execute()
    const redelivered = changed.find((row) => row.id === 'r-4')
    expect(redelivered).toMatchObject({ attempts: 3, response_code: '500' })
    expect(redelivered?.updated_at.getTime()).toBeGreaterThan(
      before.find((row) => row.id === 'r-4')?.updated_at.getTime() ?? Infinity,
    )
    expect(changed.filter((row) => row.id !== 'r-4')).toEqual(
      before.filter((row) => row.id !== 'r-4'),
    )
    expect((await state.readState(store.db)).records).toBe(25)
  })

  it('commits no record without its case: a page whose cases fail is stored when read again', async () => {
    serve(fakeHistory(Array.from({ length: 12 }, (_, i) => screening(`atomic-${i}`, i))))
    const context = await holding()
    const cases = async () =>
      Number(
        (
          await sql<{ count: string }>`
            select count(*) from cases where resource_id like 'uuid-atomic-%'`.execute(store.db)
        ).rows[0]?.count,
      )
    await sql`create function refuse_cases() returns trigger language plpgsql as $$
      begin raise exception 'cases refused'; end $$`.execute(store.db)
    await sql`create trigger refuse_cases before insert on cases
      for each statement execute function refuse_cases()`.execute(store.db)
    try {
      await expect(sync.backfillPage(context)).rejects.toThrow('cases refused')
    } finally {
      await sql`drop trigger refuse_cases on cases`.execute(store.db)
      await sql`drop function refuse_cases()`.execute(store.db)
    }
    expect(await ids()).toEqual([])
    expect((await state.readState(store.db)).backfill_cursor).toBeNull()

    await backfillAll(context)
    expect((await ids()).length).toBe(12)
    expect(await cases()).toBe(12)
  })

  it('resumes at the last checkpoint after a crash, without re-reading stored pages', async () => {
    const history = serve(fakeHistory(screenings(30)))
    history.failAt = { request: 2, status: 400 }
    const first = await holding('instance-a')
    expect(await sync.backfillPage(first)).toBe(true)
    await expect(sync.backfillPage(first)).rejects.toThrow()
    expect((await state.readState(store.db)).backfill_cursor).toBe('r-9')

    // Instance A stalls; once its lease has expired, B takes over. A's page, read meanwhile, is
    // rolled back with its checkpoint instead of landing behind B's back.
    await sql`update history_sync_lease set expires_at = now() - interval '1 second'`.execute(
      store.db,
    )
    const second = await holding('instance-b')
    await expect(sync.backfillPage(first)).rejects.toThrow(state.LeaseLostError)
    expect((await ids()).length).toBe(10)

    fake.requests.length = 0
    await backfillAll(second)
    expect(afterParams()).toEqual(['r-9', 'r-19'])
    expect((await ids()).length).toBe(30)
    expect(await state.readState(store.db)).toMatchObject({ backfill_pages: 3, records: 30 })
  })

  it('leaves no gap when the poll loses its cursor: 45 new records, all stored', async () => {
    // The mirror's lines are the JSON log's (lib/logging/logger.ts), on standard output.
    const written = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    const history = serve(fakeHistory(screenings(25)))
    const context = await holding()
    await backfillAll(context)
    history.records.unshift(...screenings(45, 'new', -60))
    // The poll's cursor after its third page is deleted upstream, so `after` of it answers 404.
    history.gone = new Set(['new-29'])
    fake.requests.length = 0
    await sync.poll(context)
    expect(afterParams()).toEqual([null, 'new-9', 'new-19', 'new-29', 'new-28', 'new-39'])
    expect((await ids()).filter((id) => id.startsWith('new-')).length).toBe(45)

    history.records.unshift(...screenings(45, 'newer', -120))
    history.gone = new Set(['newer-29', 'newer-28'])
    fake.requests.length = 0
    await sync.poll(context)
    // Both refused: from the top again, on past the records the walk had stored, to the gap.
    expect(afterParams()).toEqual([
      null,
      'newer-9',
      'newer-19',
      'newer-29',
      'newer-28',
      null,
      'newer-9',
      'newer-19',
      'newer-31',
      'newer-41',
    ])
    expect((await ids()).filter((id) => id.startsWith('newer-')).length).toBe(45)
    expect(await state.readState(store.db)).toMatchObject({
      poll_cursor: null,
      poll_floor_at: null,
      records: 25 + 45 + 45,
    })
    expect(
      written.mock.calls.filter(([line]) => String(line).includes('poll cursor lost')),
    ).toHaveLength(3)
    written.mockRestore()
  })

  it('catches a record that arrived out of order in the overlap re-read', async () => {
    const history = serve(fakeHistory(screenings(25)))
    const context = await holding()
    await backfillAll(context)
    // Delivered late, on the second page: older than records the mirror already holds.
    history.records.splice(14, 0, screening('late', 13.5))
    await sync.poll(context)
    expect(await ids()).not.toContain('late')
    await sync.overlap(context)
    expect(await ids()).toContain('late')
  })

  it('mirrors an oldest-first history and follows its tail', async () => {
    const history = serve(fakeHistory(screenings(25), 'oldest_first'))
    const context = await holding()
    await backfillAll(context)
    expect(await state.readState(store.db)).toMatchObject({
      history_order: 'oldest_first',
      backfill_cursor: 'r-0',
      records: 25,
    })

    history.records.unshift(...screenings(12, 'new', -20))
    fake.requests.length = 0
    await sync.poll(context)
    expect(afterParams()).toEqual(['r-0', 'new-2'])
    expect((await ids()).length).toBe(37)
    expect((await state.readState(store.db)).backfill_cursor).toBe('new-0')

    history.records.splice(3, 0, screening('late', 4.5))
    await sync.overlap(context)
    expect(await ids()).toContain('late')
  })

  it('stores unreadable records as such, skips one without an id and mirrors everything older', async () => {
    // The mirror's lines are the JSON log's (lib/logging/logger.ts), on standard output.
    const written = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    const at = '2026-11-20T11:00:00Z'
    serve(
      fakeHistory([
        screening('r-0', 0),
        { id: 'garbled', event_type: 'AML_SCREENING', timestamp: at, payload: 'not json' },
        { id: 'untyped', timestamp: at, payload: { applicant_id: 'app-7' } },
        { event_type: 'DOCVER', timestamp: at, payload: { status: 'failed' } },
        ...screenings(3, 'older', 120),
      ]),
    )
    await backfillAll(await holding())
    expect(await ids()).toEqual(['garbled', 'older-0', 'older-1', 'older-2', 'r-0', 'untyped'])
    const rows = await store.db
      .selectFrom('history_records')
      .select(['id', 'payload_state', 'applicant_id', 'event_type'])
      .where('id', 'in', ['garbled', 'untyped'])
      .orderBy('id')
      .execute()
    expect(rows).toEqual([
      {
        id: 'garbled',
        payload_state: 'unreadable',
        applicant_id: null,
        event_type: 'AML_SCREENING',
      },
      { id: 'untyped', payload_state: 'no_event_type', applicant_id: 'app-7', event_type: null },
    ])
    const skipped = written.mock.calls
      .map(([line]) => String(line))
      .find((line) => line.includes('without an id'))
    expect(JSON.parse(skipped ?? '{}')).toMatchObject({ after: null, position: 3 })
    written.mockRestore()
  })

  it('stores the facts the queue and search read, and no more', async () => {
    serve(
      fakeHistory([
        screening('aml', 0, 'JOSÉ  Álvarez-Núñez', 'Medium'),
        {
          id: 'docver',
          webhook_id: 'wh-2',
          event_type: 'DOCVER',
          timestamp: '2026-11-20T11:00:00Z',
          is_sandbox: true,
          payload: {
            id: 'ver-1',
            applicant_id: 'app-2',
            verification_url_id: 'VDBA1B2EA6A28A7D2',
            status: 'failed',
            checks: {
              face_comparison: { status: 'failed', errors: [{ code: 7002 }, { code: 7000 }] },
              document_mrz: { status: 'failed', errors: [{ code: 7002, message: 'again' }] },
            },
            poi_data: { birth_date: '1990-01-01', document_number: 'X123' },
          },
        },
      ]),
    )
    await backfillAll(await holding())
    const rows = await store.db.selectFrom('history_records').selectAll().orderBy('id').execute()
    expect(rows[0]).toMatchObject({
      id: 'aml',
      requested_name: 'JOSÉ  Álvarez-Núñez',
      name_key: 'jose alvarez-nunez',
      risk: 'Medium',
      match_count: 2,
      applicant_id: 'app-aml',
      search_uuid: 'uuid-aml',
      external_id: 'crm-aml',
      attempts: 1,
      response_code: '200',
    })
    expect(rows[1]).toMatchObject({
      id: 'docver',
      status: 'failed',
      verification_id: 'ver-1',
      short_id: 'VDBA1B2EA6A28A7D2',
      applicant_id: 'app-2',
      error_codes: [7000, 7002],
      is_sandbox: true,
    })
    expect(JSON.stringify(rows)).not.toContain('X123')
  })

  it('lets one instance hold the lease until it expires, then another takes over', async () => {
    expect(await lease.takeLease(store.db, 'instance-a', 45)).toBe(true)
    expect(await lease.takeLease(store.db, 'instance-b', 45)).toBe(false)
    expect(await lease.takeLease(store.db, 'instance-a', 45)).toBe(true)
    expect(await lease.leaseHolder(store.db)).toBe('instance-a')
    await sql`update history_sync_lease set expires_at = now() - interval '1 second'`.execute(
      store.db,
    )
    expect(await lease.leaseHolder(store.db)).toBeNull()
    expect(await lease.takeLease(store.db, 'instance-b', 45)).toBe(true)
    expect(await lease.takeLease(store.db, 'instance-a', 45)).toBe(false)
    expect(await lease.leaseHolder(store.db)).toBe('instance-b')
    await expect(state.recordError(store.db, 'instance-a', 'stale')).resolves.toBeUndefined()
    expect((await state.readState(store.db)).last_error).toBeNull()
  })
})
