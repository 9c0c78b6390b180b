import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { stubEnv } from '@/tests/unit/helpers/env'
import {
  fakeHistory,
  historyHandler,
  screening,
  screenings,
  type FakeHistory,
} from '@/tests/unit/helpers/fake-history'
import { sendJson, startFakeUpstream, type FakeUpstream } from '@/tests/unit/helpers/fake-upstream'
import { loadRealPayload } from '@/tests/unit/helpers/real-payloads'
import { withAppStore } from '@/tests/unit/helpers/test-store'
import type { AmlSearchResult } from '@/lib/upstream/schemas'

/*
 * "Since the previous screening" on a report opened from a verification. A report has no time of
 * its own: only its screening's record in the webhook history places it among the applicant's
 * screenings. When that record is nowhere, the section says so (not "no earlier screening", which
 * the history may contradict); when the complete mirror holds no record of it, one live page is
 * read for what arrived since the last poll, not the ten-page window.
 */

const SHORT_ID = 'V111BBB013311111'
const APPLICANT = 'app-subject'

let fake: FakeUpstream
let history: FakeHistory
let searchId: string
let modules: Awaited<ReturnType<typeof load>>

async function load() {
  return {
    review: await import('@/lib/review/report-review'),
    sync: await import('@/lib/history-mirror/sync'),
    lease: await import('@/lib/history-mirror/lease'),
    store: await import('@/lib/store/store'),
  }
}

withAppStore()

beforeAll(async () => {
  fake = await startFakeUpstream()
  stubEnv({ DS_API_BASE_URL: fake.url, DS_API_KEY: 'changes-test-key' })
  modules = await load()
})

afterAll(async () => {
  vi.unstubAllEnvs()
  await fake.close()
})

async function db() {
  return (await modules.store.getStore()).db
}

/** A screening of the subject's applicant, as the history would carry it. */
function subjectScreening(id: string, minutesAgo: number, risk: 'High' | 'Low') {
  const record = screening(id, minutesAgo, 'John Doe', risk)
  record.payload.applicant_id = APPLICANT
  return record
}

/** The fake upstream: the webhook history, and the verification whose screening is `searchId`. */
function serve() {
  fake.reset()
  const pages = historyHandler(history)
  fake.handle((request, response) => {
    if (request.url?.startsWith(`/api/v3/verifications/short/${SHORT_ID}`)) {
      const verification = loadRealPayload('verification-docver-webhook-verified.json') as Record<
        string,
        unknown
      >
      return sendJson(response, 200, {
        ...verification,
        applicant_id: APPLICANT,
        aml_search_id: searchId,
      })
    }
    pages(request, response)
  })
}

beforeEach(async () => {
  const store = await db()
  await sql`delete from history_records`.execute(store)
  await sql`delete from history_set_aside`.execute(store)
  await sql`delete from history_sync_lease`.execute(store)
  await sql`delete from history_sync_state`.execute(store)
  await sql`insert into history_sync_state (name) values ('history')`.execute(store)
  // 120 screenings of others, then two of the subject's applicant: three live pages of 50.
  history = fakeHistory([
    ...screenings(120),
    subjectScreening('s-old', 200, 'Low'),
    subjectScreening('s-older', 300, 'Low'),
  ])
  serve()
})

// The audit trail's and the sync's log lines, kept out of the output.
beforeEach(() => {
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
  return () => stdout.mockRestore()
})

async function mirrorAll() {
  const store = await db()
  expect(await modules.lease.takeLease(store, 'test', 45)).toBe(true)
  const context = {
    db: store,
    holder: 'test',
    pageSize: 50,
    recordCap: 1 << 20,
    between: async () => {},
  }
  while (await modules.sync.backfillPage(context)) await context.between()
  serve()
}

/** The report being read: `searchId`'s, with one High match. */
function report(): AmlSearchResult {
  return {
    search_uuid: searchId,
    requested_name: 'John Doe',
    data: [{ uuid: 'm1', risk_score: 'High' }],
  } as AmlSearchResult
}

const changes = () =>
  modules.review.changesSincePrevious(report(), searchId, {
    kind: 'verification',
    shortId: SHORT_ID,
  })

const oldestTimestamp = () => (history.records.at(-1) as { timestamp: string }).timestamp

const pagesRead = () =>
  fake.requests.filter((request) => request.url.startsWith('/api/v3/notifications/webhook/history'))
    .length

describe('changes since the previous screening, for a report opened from a verification', () => {
  it('says the screening is not placed when its record is not in the window', async () => {
    searchId = 'uuid-absent'
    const found = await changes()
    expect(found).toMatchObject({
      found: false,
      placed: false,
      window: { records: 122, pages: 3, complete: true },
    })
    expect(pagesRead()).toBe(3)
  })

  it('reads one page when the complete mirror holds no record of the screening', async () => {
    searchId = 'uuid-absent'
    await mirrorAll()
    const found = await changes()
    expect(found).toEqual({
      found: false,
      placed: false,
      window: { records: 122, pages: 3, complete: true, oldest: oldestTimestamp() },
    })
    expect(pagesRead()).toBe(1)
  })

  it('compares with the previous screening when the current one arrived since the last poll', async () => {
    await mirrorAll()
    history.records.unshift(subjectScreening('s-new', -1, 'High'))
    searchId = 'uuid-s-new'
    const found = await changes()
    expect(found).toMatchObject({
      found: true,
      previous: { recordId: 's-old', searchId: 'uuid-s-old' },
      changes: { overall: { from: 'Low', to: 'High' } },
      // The window read up to the previous screening, on its third page.
      window: { pages: 3 },
    })
  })

  it('says no earlier screening when the record is placed and none is before it', async () => {
    history.records.unshift(subjectScreening('s-first', -1, 'High'))
    history.records = history.records.filter(
      (record) => !['s-old', 's-older'].includes((record as { id: string }).id),
    )
    searchId = 'uuid-s-first'
    const found = await changes()
    expect(found).toMatchObject({ found: false, placed: true, window: { complete: true } })
  })
})
