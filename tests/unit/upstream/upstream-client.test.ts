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

import type * as ClientModule from '@/lib/upstream/client'
import type * as ReadsModule from '@/lib/upstream/reads'
import type * as ErrorsModule from '@/lib/upstream/errors'
import { profilePageSchema, profileSchema } from '@/lib/upstream/schemas'

import { stubEnv } from '@/tests/unit/helpers/env'
import {
  hang,
  inTurn,
  json,
  reset,
  sendJson,
  startFakeUpstream,
  status,
  type FakeUpstream,
} from '@/tests/unit/helpers/fake-upstream'
import {
  PROFILE_ID,
  SEARCH_ID,
  SHORT_ID,
  WEBHOOK_ID,
  RECORD_ID,
  amlResult,
  profile,
  profilePage,
  verification,
  webhookPage,
} from '@/tests/unit/helpers/upstream-fixtures'
import { withAppStore } from '@/tests/unit/helpers/test-store'

const KEY = 'test-key-7f3a'
const TIMEOUT_MS = 1_000

let fake: FakeUpstream
let client: typeof ClientModule
let reads: typeof ReadsModule
let UpstreamError: typeof ErrorsModule.UpstreamError
let warn: MockInstance<typeof console.warn>

withAppStore()

beforeAll(async () => {
  fake = await startFakeUpstream()
  // The env module reads process.env once, so set it before the first import of the client.
  stubEnv({ DS_API_BASE_URL: fake.url, DS_API_KEY: KEY, DS_API_TIMEOUT_MS: String(TIMEOUT_MS) })
  client = await import('@/lib/upstream/client')
  reads = await import('@/lib/upstream/reads')
  ;({ UpstreamError } = await import('@/lib/upstream/errors'))
})

afterAll(async () => {
  vi.unstubAllEnvs()
  await fake.close()
})

beforeEach(() => {
  fake.reset()
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
})

afterEach(() => {
  warn.mockRestore()
})

/** The UpstreamError a call fails with, and how long it took. */
async function failure(call: () => Promise<unknown>) {
  const started = performance.now()
  try {
    await call()
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error
    return { error, ms: performance.now() - started }
  }
  throw new Error('expected the call to fail')
}

async function timed<T>(call: () => Promise<T>) {
  const started = performance.now()
  const value = await call()
  return { value, ms: performance.now() - started }
}

describe('requests', () => {
  it('sends the key as ds-api-token and asks for JSON', async () => {
    fake.handle(json(profilePage))
    await reads.readProfilePage({ page: 0, limit: 10 })
    const [seen] = fake.requests
    expect(seen?.method).toBe('GET')
    expect(seen?.headers['ds-api-token']).toBe(KEY)
    expect(seen?.headers.accept).toBe('application/json')
    expect(seen?.headers.authorization).toBeUndefined()
    expect(seen?.headers.cookie).toBeUndefined()
  })

  it.each([
    [
      'listProfiles',
      () => reads.readProfilePage({ page: 2, limit: 25 }),
      profilePage,
      '/api/v3/profiles?page=2&limit=25',
    ],
    ['getProfile', () => reads.readProfile(PROFILE_ID), profile, `/api/v3/profiles/${PROFILE_ID}`],
    [
      'getVerificationByShortId',
      () => reads.readVerification(SHORT_ID),
      verification,
      `/api/v3/verifications/short/${SHORT_ID}`,
    ],
    [
      'getAmlSearch',
      () => reads.readAmlSearch(SEARCH_ID),
      amlResult,
      `/api/v3/aml/search/history/${SEARCH_ID}`,
    ],
    [
      'getWebhookHistory',
      () => reads.readWebhookHistory({ after: RECORD_ID, webhookId: WEBHOOK_ID }),
      webhookPage,
      `/api/v3/notifications/webhook/history?after=${RECORD_ID}&webhook_id=${WEBHOOK_ID}`,
    ],
    [
      'getWebhookHistory without filters',
      () => reads.readWebhookHistory({}),
      webhookPage,
      '/api/v3/notifications/webhook/history',
    ],
  ])('%s calls the reference path and returns the parsed body', async (_name, call, body, path) => {
    fake.handle(json(body))
    const result = await call()
    expect(fake.requests.map((r) => r.url)).toEqual([path])
    expect(result).toMatchObject(body)
  })

  it.each([
    ['a slash', 'a/b', '/api/v3/profiles/a%2Fb'],
    ['a traversal', '../../admin', '/api/v3/profiles/..%2F..%2Fadmin'],
    ['a query', 'x?admin=1', '/api/v3/profiles/x%3Fadmin%3D1'],
  ])('keeps %s inside its path segment', async (_case, id, path) => {
    fake.handle(json(profile))
    await reads.readProfile(id)
    expect(fake.requests.map((r) => r.url)).toEqual([path])
  })

  it.each(['..', '.'])('refuses the dot segment %j instead of calling another path', async (id) => {
    const { error } = await failure(() => reads.readProfile(id))
    expect(error.kind).toBe('bad_request')
    expect(fake.requests).toHaveLength(0)
  })

  it('reuses one kept-alive connection for calls that follow each other', async () => {
    fake.handle(json(profilePage))
    const before = fake.connections
    for (let i = 0; i < 5; i++) {
      await reads.readProfilePage({ page: i, limit: 10 })
      // Like separate analyst requests: Node hands the socket back to its pool a tick after the body.
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
    expect(fake.requests).toHaveLength(5)
    expect(new Set(fake.requests.map((r) => r.socketId)).size).toBe(1)
    expect(fake.connections - before).toBeLessThanOrEqual(1)
  })

  it('opens at most two connections for back-to-back calls', async () => {
    fake.handle(json(profilePage))
    const before = fake.connections
    for (let i = 0; i < 10; i++) await reads.readProfilePage({ page: i, limit: 10 })
    expect(fake.requests).toHaveLength(10)
    expect(fake.connections - before).toBeLessThanOrEqual(2)
  })
})

describe('timeouts, redirects and size', () => {
  it('gives up on a server that never answers after DS_API_TIMEOUT_MS', async () => {
    fake.handle(hang)
    const { error, ms } = await failure(() => reads.readProfile(PROFILE_ID))
    expect(error.kind).toBe('timeout')
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50)
    expect(ms).toBeLessThan(TIMEOUT_MS + 750)
    expect(fake.requests).toHaveLength(1)
  })

  it('honours a shorter per-call timeout', async () => {
    fake.handle(hang)
    const { error, ms } = await failure(() =>
      client.upstreamGet(`/api/v3/profiles/${PROFILE_ID}`, profileSchema, {}, { timeoutMs: 200 }),
    )
    expect(error.kind).toBe('timeout')
    expect(ms).toBeLessThan(200 + 750)
  })

  it('times out a body that stops half way', async () => {
    fake.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' })
      response.write('{"data": [')
    })
    const { error } = await failure(() =>
      client.upstreamGet(
        '/api/v3/profiles',
        profilePageSchema,
        { page: 0, limit: 10 },
        { timeoutMs: 300 },
      ),
    )
    expect(error.kind).toBe('timeout')
  })

  it('refuses a redirect and never follows it with the key', async () => {
    const elsewhere = await startFakeUpstream()
    try {
      fake.handle((_request, response) => {
        response.writeHead(302, { location: `${elsewhere.url}/api/v3/profiles` })
        response.end()
      })
      const { error } = await failure(() => reads.readProfilePage({ page: 0, limit: 10 }))
      expect(error.kind).toBe('bad_response')
      expect(elsewhere.requests).toHaveLength(0)
      expect(fake.requests).toHaveLength(1)
    } finally {
      await elsewhere.close()
    }
  })

  it('refuses a body over the size cap announced by content-length without reading it', async () => {
    fake.handle((_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-length': String(client.MAX_RESPONSE_BYTES + 1),
      })
      // Nothing more is sent: a client that tried to read the body would wait for the timeout.
      response.write('{"data": [')
    })
    const { error, ms } = await failure(() =>
      client.upstreamGet(
        '/api/v3/profiles',
        profilePageSchema,
        { page: 0, limit: 10 },
        { timeoutMs: 5_000 },
      ),
    )
    expect(error.kind).toBe('bad_response')
    expect(error.message).toMatch(/too large/)
    expect(ms).toBeLessThan(2_000)
  })

  it('stops reading a chunked body once it passes the size cap', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 0x20)
    fake.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.write('{"data": [')
      for (let sent = 0; sent <= client.MAX_RESPONSE_BYTES; sent += chunk.length)
        response.write(chunk)
      // The body never ends: only the cap can finish the call before the timeout.
    })
    const { error, ms } = await failure(() =>
      client.upstreamGet(
        '/api/v3/profiles',
        profilePageSchema,
        { page: 0, limit: 10 },
        { timeoutMs: 8_000 },
      ),
    )
    expect(error.kind).toBe('bad_response')
    expect(error.message).toMatch(/too large/)
    expect(ms).toBeLessThan(5_000)
  })
})

describe('retries', () => {
  it.each([500, 502, 503, 504])(
    'tries a %i three times, then reports the upstream unavailable',
    async (code) => {
      fake.handle(status(code))
      const { error } = await failure(() => reads.readProfile(PROFILE_ID))
      expect(error.kind).toBe('unavailable')
      expect(error.status).toBe(code)
      expect(fake.requests).toHaveLength(3)
    },
  )

  it('retries a dropped connection, three attempts at most', async () => {
    fake.handle(reset)
    const { error } = await failure(() => reads.readProfile(PROFILE_ID))
    expect(error.kind).toBe('unreachable')
    expect(fake.requests).toHaveLength(3)
  })

  it('succeeds when a transient failure clears on the next attempt', async () => {
    fake.handle(inTurn(status(503), reset, json(profile)))
    await expect(reads.readProfile(PROFILE_ID)).resolves.toMatchObject({ profile_id: PROFILE_ID })
    expect(fake.requests).toHaveLength(3)
  })

  it.each([
    [400, 'bad_request'],
    [401, 'unauthorized'],
    [403, 'unauthorized'],
    [404, 'not_found'],
    [422, 'bad_request'],
  ] as const)('does not retry a %i and maps it to %s', async (code, kind) => {
    fake.handle(status(code))
    const { error, ms } = await failure(() => reads.readProfile(PROFILE_ID))
    expect(error.kind).toBe(kind)
    expect(error.status).toBe(code)
    expect(fake.requests).toHaveLength(1)
    // No backoff sleep either (the first would be up to 200 ms).
    expect(ms).toBeLessThan(1_000)
  })

  it('waits out a 429 with Retry-After: 1 and then succeeds', async () => {
    fake.handle(inTurn(status(429, { 'retry-after': '1' }), json(profile)))
    const { value, ms } = await timed(() =>
      client.upstreamGet(`/api/v3/profiles/${PROFILE_ID}`, profileSchema, {}, { timeoutMs: 5_000 }),
    )
    expect(value.profile_id).toBe(PROFILE_ID)
    expect(fake.requests).toHaveLength(2)
    expect(ms).toBeGreaterThanOrEqual(950)
    expect(ms).toBeLessThan(2_500)
  })

  it('reports a 429 with Retry-After: 30 at once instead of waiting', async () => {
    fake.handle(status(429, { 'retry-after': '30' }))
    const { error, ms } = await failure(() => reads.readProfile(PROFILE_ID))
    expect(error.kind).toBe('rate_limited')
    expect(error.retryAfterSeconds).toBe(30)
    expect(fake.requests).toHaveLength(1)
    expect(ms).toBeLessThan(1_000)
  })
})

describe('bodies', () => {
  it('reports truncated JSON as a bad response', async () => {
    fake.handle((_request, response) => sendJson(response, 200, '{"data": [{"profile_id": "x"'))
    const { error } = await failure(() => reads.readProfilePage({ page: 0, limit: 10 }))
    expect(error.kind).toBe('bad_response')
    expect(fake.requests).toHaveLength(1)
  })

  it('names the broken member of a body that breaks the schema', async () => {
    fake.handle(json({ data: [{ name: 'no id' }], has_next: false }))
    const { error } = await failure(() => reads.readProfilePage({ page: 0, limit: 10 }))
    expect(error.kind).toBe('bad_response')
    expect(error.path).toBe('data[0].profile_id')
  })

  it('names a broken member deep in an AML result', async () => {
    fake.handle(json({ search_uuid: SEARCH_ID, data: [amlResult.data[0], { type: 'Person' }] }))
    const { error } = await failure(() => reads.readAmlSearch(SEARCH_ID))
    expect(error.path).toBe('data[1].uuid')
  })

  it('reports a top-level shape that is not an object at the root', async () => {
    fake.handle(json([profile]))
    const { error } = await failure(() => reads.readProfile(PROFILE_ID))
    expect(error.kind).toBe('bad_response')
    expect(error.path).toBe('')
  })

  it('keeps members the schema does not know', async () => {
    fake.handle(json({ ...profile, new_member: { nested: 1 } }))
    await expect(reads.readProfile(PROFILE_ID)).resolves.toMatchObject({
      new_member: { nested: 1 },
    })
  })

  it('logs a failure by endpoint and kind, without the id, the key or the upstream body', async () => {
    const written = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    fake.handle(status(404))
    await failure(() => reads.readProfile(PROFILE_ID))
    const logged = written.mock.calls.map(([chunk]) => String(chunk)).join('')
    written.mockRestore()
    const lines = logged
      .trim()
      .split('\n')
      .map((text) => JSON.parse(text) as Record<string, unknown>)
    const line = lines.find((one) => one.log === 'app')
    expect(line).toMatchObject({
      level: 'warn',
      log: 'app',
      msg: 'upstream request failed',
      endpoint: '/api/v3/profiles/{profile_id}',
      kind: 'not_found',
    })
    // The record's id is the audit row's business (the same stream), not the log line's.
    expect(JSON.stringify(line)).not.toContain(PROFILE_ID)
    expect(logged).not.toContain(KEY)
    expect(logged).not.toContain('upstream-internal')
  })
})
