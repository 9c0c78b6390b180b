import { NextRequest } from 'next/server'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { stubEnv } from '@/tests/unit/helpers/env'
import { fakeHistory, historyHandler, screening } from '@/tests/unit/helpers/fake-history'
import { sendJson, startFakeUpstream, type FakeUpstream } from '@/tests/unit/helpers/fake-upstream'
import { withAppStore } from '@/tests/unit/helpers/test-store'
import type { TimelinePage } from '@/lib/webhooks/timeline'

/*
 * The webhook timeline lists summaries and reads a record's whole payload when it is opened
 * (app/api/webhooks/history/{timeline,records/[id]}): the page no longer carries every
 * screening's search result, and an opened record is found again where it was listed.
 */

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

/** A listed entity's evidence, as a screening's result carries it for every match. */
const sources = Array.from({ length: 12 }, (_, index) => ({
  name: `Sanctions list ${index}`,
  source_url: `https://lists.example/${index}`,
  reason: 'Designated for providing financial support to a sanctioned regime.',
}))

/**
 * Sixty screenings, newest first, each match with its sources; the newest and the 56th screen the
 * same applicant.
 */
function records() {
  const list = Array.from({ length: 60 }, (_, index) => screening(uuid(index), index + 1))
  for (const record of list) {
    for (const match of record.payload.search_response.data)
      Object.assign(match, { fields: { sources } })
  }
  for (const index of [0, 55]) list[index]!.payload.applicant_id = 'app-rescreened'
  return list
}

/** The older screening's report as the upstream serves it: one match where the newer has two. */
const previousReport = {
  search_uuid: `uuid-${uuid(55)}`,
  requested_name: 'José Álvarez',
  data: [{ uuid: 'm1', risk_score: 'High' }],
}

let fake: FakeUpstream
/** The status the fake answers a report's read with. */
let reportStatus = 200
let history = fakeHistory(records())
let routes: Awaited<ReturnType<typeof loadRoutes>>

async function loadRoutes() {
  return {
    timeline: await import('@/app/api/webhooks/history/timeline/route'),
    record: await import('@/app/api/webhooks/history/records/[id]/route'),
    full: await import('@/app/api/webhooks/history/route'),
  }
}

const request = (path: string) => new NextRequest(`http://localhost${path}`)

/** An opened record's answer as these tests read it: the payload of the fake's screenings. */
type Opened = {
  record: { id: string; payload: { search_response: { data: unknown[] } } }
  changes: unknown
  detail?: string
}

const timeline = (query = '') =>
  routes.timeline.GET(request(`/api/webhooks/history/timeline${query}`))
const opened = (id: string, query = '') =>
  routes.record.GET(request(`/api/webhooks/history/records/${id}${query}`), {
    params: Promise.resolve({ id }),
  })
const body = async <T>(response: Response | Promise<Response>) =>
  (await (await response).json()) as T

withAppStore()

beforeAll(async () => {
  fake = await startFakeUpstream()
  stubEnv({ DS_API_BASE_URL: fake.url, DS_API_KEY: 'timeline-test-key' })
  routes = await loadRoutes()
})

afterAll(async () => {
  vi.unstubAllEnvs()
  await fake.close()
})

beforeEach(() => {
  fake.reset()
  reportStatus = 200
  history = fakeHistory(records())
  const pages = historyHandler(history)
  fake.handle((incoming, response) => {
    if (incoming.url?.startsWith('/api/v3/aml/search/history/')) {
      return sendJson(response, reportStatus, reportStatus === 200 ? previousReport : {})
    }
    pages(incoming, response)
  })
})

describe('the timeline', () => {
  it('lists each record summarised, without its payload, with the cursor it was listed at', async () => {
    const response = await timeline()
    expect(response.status).toBe(200)
    const text = await response.text()
    const page = JSON.parse(text) as TimelinePage
    expect(page.has_next).toBe(true)
    expect(page.data).toHaveLength(50)
    const [first] = page.data
    expect(first).toMatchObject({
      id: uuid(0),
      event_type: 'AML_SCREENING',
      attempts: 1,
      listed: { after: null, webhookId: null },
      summary: { kind: 'aml', aml: { matchCount: 2, highestRisk: 'High' } },
    })
    expect(first).not.toHaveProperty('payload')
    expect(text).not.toContain('search_response')

    const full = await (await routes.full.GET(request('/api/webhooks/history'))).text()
    expect(text.length).toBeLessThan(full.length / 4)

    const next = await body<TimelinePage>(timeline(`?after=${uuid(49)}`))
    expect(next.data.map((record) => record.id)).toEqual(
      Array.from({ length: 10 }, (_, index) => uuid(50 + index)),
    )
    expect(next.data[0]?.listed).toEqual({ after: uuid(49), webhookId: null })
  })
})

describe('an opened record', () => {
  it('is read whole from the page that listed it', async () => {
    const response = await opened(uuid(51), `?after=${uuid(49)}`)
    expect(response.status).toBe(200)
    const { record } = await body<Opened>(response)
    expect(record.id).toBe(uuid(51))
    expect(record.payload.search_response.data).toHaveLength(2)
    expect(history.requests).toBe(1)
  })

  it('is found a page on when newer records pushed it down', async () => {
    history.records.unshift(screening(uuid(100), 0), screening(uuid(101), 0))
    const response = await opened(uuid(49))
    expect(response.status).toBe(200)
    expect((await body<Opened>(response)).record.id).toBe(uuid(49))
    expect(history.requests).toBe(2)
  })

  it('that the history no longer lists is a 404 that says to reload', async () => {
    const response = await opened(uuid(999))
    expect(response.status).toBe(404)
    expect((await body<Opened>(response)).detail).toContain('Reload the history')
  })

  it('with a malformed id or cursor answers 400 before any upstream call', async () => {
    expect((await opened('not-a-uuid')).status).toBe(400)
    expect((await opened(uuid(1), '?after=../x')).status).toBe(400)
    expect(fake.requests).toHaveLength(0)
  })

  it('says what changed since the previous screening once the mirror holds it', async () => {
    const before = await body<Opened>(opened(uuid(0)))
    expect(before.changes).toEqual({ ok: true, value: null })

    const { getStore } = await import('@/lib/store/store')
    const { runOnce } = await import('@/lib/history-mirror/runner')
    const { mirrorSettings } = await import('@/lib/history-mirror/settings')
    await expect(runOnce((await getStore()).db, mirrorSettings())).resolves.toEqual({ ok: true })

    const after = await body<Opened>(opened(uuid(0)))
    expect(after.changes).toMatchObject({
      ok: true,
      value: {
        found: true,
        previous: { recordId: uuid(55), searchId: `uuid-${uuid(55)}` },
        changes: { added: [{ uuid: 'm2' }], removed: [] },
        window: { records: 60, complete: true },
      },
    })
  })

  it('still opens when the previous screening cannot be read, and says so', async () => {
    // The mirror holds both screenings since the test before.
    reportStatus = 404
    const response = await opened(uuid(0))
    expect(response.status).toBe(200)
    const view = await body<Opened>(response)
    expect(view.record.id).toBe(uuid(0))
    expect(view.changes).toEqual({ ok: false })
  })
})
