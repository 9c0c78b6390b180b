import { NextRequest } from 'next/server'
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from 'vitest'

import { problemCheck } from '@/tests/support/problem'
import { stubEnv } from '@/tests/unit/helpers/env'
import {
  UPSTREAM_SECRET_TEXT,
  hang,
  json,
  reset,
  sendJson,
  startFakeUpstream,
  status,
  type FakeUpstream,
} from '@/tests/unit/helpers/fake-upstream'
import {
  PROFILE_ID,
  RECORD_ID,
  SEARCH_ID,
  SHORT_ID,
  WEBHOOK_ID,
  amlResult,
  profile,
  profilePage,
  verification,
  webhookPage,
} from '@/tests/unit/helpers/upstream-fixtures'
import { withAppStore } from '@/tests/unit/helpers/test-store'

const KEY = 'route-test-key-91c2'
const TIMEOUT_MS = 800

let fake: FakeUpstream
let routes: Awaited<ReturnType<typeof loadRoutes>>
const consoleSpies: MockInstance<typeof console.warn>[] = []

async function loadRoutes() {
  return {
    profiles: await import('@/app/api/profiles/route'),
    profile: await import('@/app/api/profiles/[profile_id]/route'),
    verification: await import('@/app/api/verifications/short/[short_id]/route'),
    aml: await import('@/app/api/aml/search/history/[id]/route'),
    webhooks: await import('@/app/api/webhooks/history/route'),
    health: await import('@/app/api/health/route'),
    unknown: await import('@/app/api/[...path]/route'),
  }
}

withAppStore()

beforeAll(async () => {
  fake = await startFakeUpstream()
  // The env module reads process.env once, so set it before the handlers (and the client) load.
  stubEnv({ DS_API_BASE_URL: fake.url, DS_API_KEY: KEY, DS_API_TIMEOUT_MS: String(TIMEOUT_MS) })
  routes = await loadRoutes()
})

afterAll(async () => {
  vi.unstubAllEnvs()
  await fake.close()
})

beforeEach(() => {
  fake.reset()
  consoleSpies.push(
    vi.spyOn(console, 'warn').mockImplementation(() => undefined),
    vi.spyOn(console, 'error').mockImplementation(() => undefined),
  )
})

afterEach(() => {
  for (const spy of consoleSpies.splice(0)) spy.mockRestore()
})

const request = (path: string, headers: Record<string, string> = {}) =>
  new NextRequest(`http://localhost${path}`, { headers })

/** Every handler, called with the given ids or query, as the app router would. */
const call = {
  profiles: (query = '', headers?: Record<string, string>) =>
    routes.profiles.GET(request(`/api/profiles${query}`, headers)),
  profile: (id: string, headers?: Record<string, string>) =>
    routes.profile.GET(request(`/api/profiles/${encodeURIComponent(id)}`, headers), {
      params: Promise.resolve({ profile_id: id }),
    }),
  verification: (id: string, headers?: Record<string, string>) =>
    routes.verification.GET(
      request(`/api/verifications/short/${encodeURIComponent(id)}`, headers),
      {
        params: Promise.resolve({ short_id: id }),
      },
    ),
  aml: (id: string, headers?: Record<string, string>) =>
    routes.aml.GET(request(`/api/aml/search/history/${encodeURIComponent(id)}`, headers), {
      params: Promise.resolve({ id }),
    }),
  webhooks: (query = '', headers?: Record<string, string>) =>
    routes.webhooks.GET(request(`/api/webhooks/history${query}`, headers)),
}

/** Checks a problem+json answer and that it gives nothing of the upstream or the key away. */
const expectProblem = problemCheck(expectNoLeak)

function expectNoLeak(text: string) {
  expect(text).not.toContain(KEY)
  expect(text).not.toContain(UPSTREAM_SECRET_TEXT)
  expect(text).not.toContain('upstream-internal')
  expect(text).not.toMatch(/\bat \S+ \(|\.ts:\d+|node:internal/)
  expect(text).not.toContain(fake.url)
}

describe('bad parameters answer 400 before any upstream call', () => {
  const uuidCases = [
    'not-a-uuid',
    '01827ed4-c928-7a3c-9a30-7ab7cc169d1',
    `${PROFILE_ID}x`,
    `../${PROFILE_ID}`,
    `${PROFILE_ID}/../x`,
    '..',
    '%2F',
    `${PROFILE_ID.slice(0, 8)}%2F${PROFILE_ID.slice(9)}`,
    ' ',
  ]
  const shortIdCases = [
    '../etc/passwd',
    '..',
    'VF57%2F124',
    'a/b',
    'V'.repeat(65),
    'VF57 124',
    'V<script>',
    '',
  ]

  it.each([
    '?page=-1',
    '?page=abc',
    '?page=1.5',
    '?page=100001',
    '?limit=0',
    '?limit=101',
    '?limit=ten',
    '?limit=-5',
    '?page=Infinity',
  ])('GET /api/profiles%s', async (query) => {
    const body = await expectProblem(await call.profiles(query), 400)
    expect(body.type).toBe('about:blank#bad_parameter')
    expect(body.detail).toMatch(/page|limit/)
    expect(fake.requests).toHaveLength(0)
  })

  it.each(uuidCases)('GET /api/profiles/%j', async (id) => {
    const body = await expectProblem(await call.profile(id), 400)
    expect(body.detail).toContain('profile_id must be a UUID')
    expect(fake.requests).toHaveLength(0)
  })

  it.each(uuidCases)('GET /api/aml/search/history/%j', async (id) => {
    const body = await expectProblem(await call.aml(id), 400)
    expect(body.detail).toContain('id must be a UUID')
    expect(fake.requests).toHaveLength(0)
  })

  it.each(shortIdCases)('GET /api/verifications/short/%j', async (id) => {
    const body = await expectProblem(await call.verification(id), 400)
    expect(body.detail).toContain('short_id')
    expect(fake.requests).toHaveLength(0)
  })

  it.each([
    ['?after=nope', 'after'],
    ['?webhook_id=../x', 'webhook_id'],
    [`?after=${RECORD_ID}%2F`, 'after'],
    [`?after=${RECORD_ID}&webhook_id=${WEBHOOK_ID.slice(1)}`, 'webhook_id'],
  ])('GET /api/webhooks/history%s', async (query, name) => {
    const body = await expectProblem(await call.webhooks(query), 400)
    expect(body.detail).toContain(name)
    expect(fake.requests).toHaveLength(0)
  })
})

// The list answers a row of what it shows of each profile (lib/profiles/summary.ts).
const profileRows = {
  data: [
    {
      profile_id: profile.profile_id,
      name: 'default',
      is_default: true,
      is_archived: false,
      required: { poi: true, face_comparison: null, poa: null },
      countries: ['FR'],
      documents: [],
      link_expiration_minutes: null,
      created_at: null,
      updated_at: null,
    },
  ],
  has_next: true,
}

describe('success answers the validated upstream JSON, never cached', () => {
  it.each([
    [
      '/api/profiles',
      () => call.profiles(),
      profilePage,
      '/api/v3/profiles?page=0&limit=10',
      profileRows,
    ],
    [
      '/api/profiles?page=3&limit=100',
      () => call.profiles('?page=3&limit=100'),
      profilePage,
      '/api/v3/profiles?page=3&limit=100',
      profileRows,
    ],
    [
      '/api/profiles?page=&limit=5&limit=7',
      () => call.profiles('?page=&limit=5&limit=7'),
      profilePage,
      '/api/v3/profiles?page=0&limit=5',
      profileRows,
    ],
    [
      '/api/profiles/{id}',
      () => call.profile(PROFILE_ID),
      profile,
      `/api/v3/profiles/${PROFILE_ID}`,
    ],
    [
      '/api/verifications/short/{id}',
      () => call.verification(SHORT_ID),
      verification,
      `/api/v3/verifications/short/${SHORT_ID}`,
    ],
    [
      '/api/aml/search/history/{id}',
      () => call.aml(SEARCH_ID),
      amlResult,
      `/api/v3/aml/search/history/${SEARCH_ID}`,
    ],
    [
      '/api/webhooks/history',
      () => call.webhooks(),
      webhookPage,
      '/api/v3/notifications/webhook/history',
    ],
    [
      '/api/webhooks/history?after=&webhook_id=',
      () => call.webhooks(`?after=${RECORD_ID}&webhook_id=${WEBHOOK_ID}`),
      webhookPage,
      `/api/v3/notifications/webhook/history?after=${RECORD_ID}&webhook_id=${WEBHOOK_ID}`,
    ],
  ])('GET %s', async (_path, handler, body, upstreamPath, answer: unknown = body) => {
    fake.handle(json(body))
    const response = await handler()
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('application/json')
    expect(response.headers.get('cache-control')).toMatch(/^private, no-store(, no-transform)?$/)
    const text = await response.text()
    expectNoLeak(text)
    expect(JSON.parse(text)).toEqual(answer)
    expect(fake.requests.map((r) => r.url)).toEqual([upstreamPath])
  })

  it('passes members the schema does not know through to the browser', async () => {
    fake.handle(json({ ...verification, status: 'passed', brand_new: [1, 2] }))
    const response = await call.verification(SHORT_ID)
    await expect(response.json()).resolves.toMatchObject({ status: 'passed', brand_new: [1, 2] })
  })
})

describe('upstream failures become problems', () => {
  it('an upstream 404 is a 404', async () => {
    fake.handle(status(404))
    const body = await expectProblem(await call.profile(PROFILE_ID), 404)
    expect(body.type).toBe('about:blank#not_found')
    expect(fake.requests).toHaveLength(1)
  })

  it.each([401, 403])('an upstream %i is a 502 that points at the configured key', async (code) => {
    fake.handle(status(code))
    const body = await expectProblem(await call.verification(SHORT_ID), 502)
    expect(body.type).toBe('about:blank#unauthorized')
    expect(body.detail).toContain('DS_API_KEY')
    expect(fake.requests).toHaveLength(1)
  })

  it('an upstream 429 is a 429 with its Retry-After', async () => {
    fake.handle(status(429, { 'retry-after': '30' }))
    const response = await call.aml(SEARCH_ID)
    expect(response.headers.get('retry-after')).toBe('30')
    const body = await expectProblem(response, 429)
    expect(body.type).toBe('about:blank#rate_limited')
  })

  it('an upstream that does not answer is a 504', async () => {
    fake.handle(hang)
    const started = performance.now()
    const body = await expectProblem(await call.profiles(), 504)
    expect(body.type).toBe('about:blank#timeout')
    expect(performance.now() - started).toBeLessThan(TIMEOUT_MS + 1_000)
  })

  it('an upstream 503 that persists through the retries is a 502', async () => {
    fake.handle(status(503))
    const body = await expectProblem(await call.webhooks(), 502)
    expect(body.type).toBe('about:blank#unavailable')
    expect(fake.requests).toHaveLength(3)
  })

  it('a dropped connection is a 502', async () => {
    fake.handle(reset)
    await expectProblem(await call.profile(PROFILE_ID), 502)
  })

  it('an upstream 400 is a 400 without the upstream reason', async () => {
    fake.handle(status(400))
    const body = await expectProblem(await call.profiles(), 400)
    expect(body.type).toBe('about:blank#bad_request')
    expect(fake.requests).toHaveLength(1)
  })

  it('truncated JSON is a 502', async () => {
    fake.handle((_request, response) =>
      sendJson(response, 200, `{"profile_id": "${UPSTREAM_SECRET_TEXT}`),
    )
    const body = await expectProblem(await call.profile(PROFILE_ID), 502)
    expect(body.type).toBe('about:blank#bad_response')
  })

  it('a body that breaks the schema is a 502 naming the broken member', async () => {
    fake.handle(json({ data: [{ name: UPSTREAM_SECRET_TEXT }], has_next: false }))
    const body = await expectProblem(await call.profiles(), 502)
    expect(body.type).toBe('about:blank#bad_response')
    expect(body.detail).toContain('data[0].profile_id')
  })
})

describe('the incoming request stays in Verity', () => {
  const clientHeaders = {
    'ds-api-token': 'client-own-token',
    cookie: 'session=abc123',
    authorization: 'Bearer client',
    'x-forwarded-for': '203.0.113.9',
    'x-forwarded-host': 'evil.example',
    'x-forwarded-proto': 'http',
  }

  it.each([
    ['/api/profiles', () => call.profiles('', clientHeaders), profilePage],
    ['/api/profiles/{id}', () => call.profile(PROFILE_ID, clientHeaders), profile],
    [
      '/api/verifications/short/{id}',
      () => call.verification(SHORT_ID, clientHeaders),
      verification,
    ],
    ['/api/aml/search/history/{id}', () => call.aml(SEARCH_ID, clientHeaders), amlResult],
    ['/api/webhooks/history', () => call.webhooks('', clientHeaders), webhookPage],
  ])('GET %s sends only the configured key upstream', async (_path, handler, body) => {
    fake.handle(json(body))
    expect((await handler()).status).toBe(200)
    const [seen] = fake.requests
    expect(seen?.headers['ds-api-token']).toBe(KEY)
    expect(seen?.headers.cookie).toBeUndefined()
    expect(seen?.headers.authorization).toBeUndefined()
    const forwarded = Object.keys(seen?.headers ?? {}).filter((name) =>
      name.startsWith('x-forwarded'),
    )
    expect(forwarded).toEqual([])
  })
})

describe('GET /api/health', () => {
  it('reports the upstream ok with its latency', async () => {
    fake.handle(json(profilePage))
    const response = await routes.health.GET()
    expect(response.status).toBe(200)
    const body = (await response.json()) as {
      status: string
      upstream: { ok: boolean; latencyMs: number }
    }
    expect(body).toMatchObject({ status: 'ok', upstream: { ok: true } })
    expect(body.upstream.latencyMs).toBeGreaterThanOrEqual(0)
    expect(fake.requests).toHaveLength(1)
  })

  it('reports the upstream not ok when it is down', async () => {
    await fake.stop()
    try {
      const response = await routes.health.GET()
      const text = await response.text()
      expectNoLeak(text)
      expect(JSON.parse(text)).toMatchObject({
        status: 'ok',
        upstream: { ok: false, kind: 'unreachable' },
      })
    } finally {
      await fake.start()
    }
  })

  it('reports the upstream not ok when it refuses the key', async () => {
    fake.handle(status(401))
    const response = await routes.health.GET()
    await expect(response.json()).resolves.toMatchObject({
      upstream: { ok: false, kind: 'unauthorized' },
    })
  })
})

describe('unknown API paths', () => {
  it.each(['GET', 'POST', 'DELETE'] as const)(
    '%s /api/nope answers a 404 problem',
    async (method) => {
      const response = routes.unknown[method](
        new NextRequest(`http://localhost/api/nope`, {
          method,
          headers: { 'sec-fetch-site': 'same-origin' },
        }),
      )
      const body = await expectProblem(await response, 404)
      expect(body.type).toBe('about:blank#not_found')
      expect(fake.requests).toHaveLength(0)
    },
  )
})
