import { randomUUID } from 'node:crypto'

import { NextRequest } from 'next/server'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import type * as DecisionsRoute from '@/app/api/aml/[id]/decisions/route'
import type * as SessionModule from '@/lib/auth/session'
import type { Viewer } from '@/lib/auth/viewer'
import type * as DecisionsModule from '@/lib/review/decisions'
import type * as RecordDecisionModule from '@/lib/review/record-decision'
import type * as StoreModule from '@/lib/store/store'
import { stubEnv } from '@/tests/unit/helpers/env'
import { sendJson, startFakeUpstream, type FakeUpstream } from '@/tests/unit/helpers/fake-upstream'
import { withAppStore } from '@/tests/unit/helpers/test-store'

/*
 * The subject of the decisions list (`?subject=screening:<record id>`) is looked up in the webhook
 * history once per page load, a failed lookup is remembered, and the browser's poll never reads the
 * history: it used to read seven pages, with an audit row each, on every poll of every open tab.
 */

const signedIn = vi.hoisted(() => ({ viewer: null as Viewer | null }))
vi.mock('@/lib/auth/session', async (original) => ({
  ...(await original<typeof SessionModule>()),
  ...(await import('@/tests/unit/helpers/session-mock')).sessionMock(signedIn),
}))

const HISTORY = '/api/v3/notifications/webhook/history'
const PAGES = 7
const searchId = randomUUID()
const otherSearchId = randomUUID()

/** Seven pages of history; the newest holds the screening of `searchId`. */
function historyPage(after: string | null) {
  const page = after ? Number(after.slice(1)) + 1 : 0
  const records: { id: string; event_type: string; payload: object }[] = [
    { id: `r${page}`, event_type: 'DOCVER', payload: {} },
  ]
  if (page === 0) {
    records.unshift({
      id: 'screening-1',
      event_type: 'AML_SCREENING',
      payload: { applicant_id: 'applicant-1', search_response: { search_uuid: searchId } },
    })
  }
  return { data: records, has_next: page < PAGES - 1 }
}

withAppStore()

let fake: FakeUpstream
let review: typeof DecisionsModule & typeof RecordDecisionModule
let route: typeof DecisionsRoute
let store: typeof StoreModule

beforeAll(async () => {
  fake = await startFakeUpstream()
  stubEnv({ DS_API_BASE_URL: fake.url, DS_API_KEY: 'k' })
  review = {
    ...(await import('@/lib/review/decisions')),
    ...(await import('@/lib/review/record-decision')),
  }
  route = await import('@/app/api/aml/[id]/decisions/route')
  store = await import('@/lib/store/store')
})

afterAll(async () => {
  vi.unstubAllEnvs()
  await fake.close()
})

beforeEach(() => {
  signedIn.viewer = {
    iss: 'https://idp.test',
    sub: 'ana',
    email: 'ana@verity.test',
    name: 'ana',
    groups: [],
  }
  // Every test starts as a fresh process: nothing remembered.
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('verity.subject-links')]
  fake.reset()
  fake.handle((request, response) => {
    const url = new URL(request.url ?? '/', 'http://upstream')
    if (url.pathname === HISTORY)
      return sendJson(response, 200, historyPage(url.searchParams.get('after')))
    sendJson(response, 404, { error: 'not found' })
  })
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
  return () => stdout.mockRestore()
})

const historyReads = () => fake.requests.filter((r) => r.url.startsWith(HISTORY)).length

async function historyAuditRows() {
  const { db } = await store.getStore()
  const { count } = await db
    .selectFrom('audit_events')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('resource_type', '=', 'webhook_history')
    .executeTakeFirstOrThrow()
  return Number(count)
}

/** The browser's poll of the decisions list. */
async function poll(id: string, subject: string) {
  const response = await route.GET(
    new NextRequest(
      `http://localhost/api/aml/${id}/decisions?subject=${encodeURIComponent(subject)}`,
    ),
    { params: Promise.resolve({ id }) },
  )
  expect(response.status).toBe(200)
  return (await response.json()) as { applicantId: string | null }
}

/** The decisions a page load puts in its first HTML. */
const pageLoad = (id: string, recordId: string) =>
  review.decisionsForSearch(id, { kind: 'screening', recordId })

describe('the subject of the decisions list', () => {
  it('is never looked up in the history by a poll: no history read, no audit row', async () => {
    const audited = await historyAuditRows()
    for (let n = 0; n < 3; n++) {
      await expect(poll(searchId, 'screening:unknown-record')).resolves.toMatchObject({
        applicantId: null,
      })
    }
    expect(historyReads()).toBe(0)
    expect(await historyAuditRows()).toBe(audited)
  })

  it('is looked up once by a page load; a failed lookup is not made again, by pages or polls', async () => {
    const audited = await historyAuditRows()
    await expect(pageLoad(searchId, 'unknown-record')).resolves.toMatchObject({ applicantId: null })
    expect(historyReads()).toBe(PAGES)
    expect(await historyAuditRows()).toBe(audited + PAGES)
    await pageLoad(searchId, 'unknown-record')
    await poll(searchId, 'screening:unknown-record')
    expect(historyReads()).toBe(PAGES)
    expect(await historyAuditRows()).toBe(audited + PAGES)
    // Decisions refuse the unknown subject at once too.
    await expect(
      review.recordDecision({
        searchId,
        matchUuid: 'm-one',
        subject: { kind: 'screening', recordId: 'unknown-record' },
        decision: 'false_positive',
        action: 'set',
        reason: 'Date of birth and nationality disagree with the document.',
      }),
    ).rejects.toMatchObject({ status: 400, type: 'subject_not_found' })
    expect(historyReads()).toBe(PAGES)
  })

  it('found by a page load, is remembered for the polls that follow', async () => {
    await expect(pageLoad(searchId, 'screening-1')).resolves.toMatchObject({
      applicantId: 'applicant-1',
    })
    const reads = historyReads()
    expect(reads).toBe(1)
    await expect(poll(searchId, 'screening:screening-1')).resolves.toMatchObject({
      applicantId: 'applicant-1',
    })
    expect(historyReads()).toBe(reads)
  })

  it('is answered by the history mirror with one query when it holds the record', async () => {
    const { db } = await store.getStore()
    const now = new Date()
    await db
      .insertInto('history_records')
      .values([
        {
          id: 'mirrored-1',
          event_type: 'AML_SCREENING',
          search_uuid: searchId.toUpperCase(),
          applicant_id: 'applicant-9',
          payload_state: 'ok',
          error_codes: [],
          first_seen_at: now,
          updated_at: now,
        },
        {
          id: 'mirrored-2',
          event_type: 'AML_SCREENING',
          search_uuid: otherSearchId,
          applicant_id: 'applicant-8',
          payload_state: 'ok',
          error_codes: [],
          first_seen_at: now,
          updated_at: now,
        },
      ])
      .execute()
    await expect(poll(searchId, 'screening:mirrored-1')).resolves.toMatchObject({
      applicantId: 'applicant-9',
    })
    // Another report's screening is not this report's subject, without asking the history.
    await expect(pageLoad(searchId, 'mirrored-2')).resolves.toMatchObject({ applicantId: null })
    expect(historyReads()).toBe(0)
  })
})
