import { NextRequest } from 'next/server'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { stubEnv } from '@/tests/unit/helpers/env'
import { json, startFakeUpstream, type FakeUpstream } from '@/tests/unit/helpers/fake-upstream'
import { withAppStore } from '@/tests/unit/helpers/test-store'
import { PROFILE_ID, profile } from '@/tests/unit/helpers/upstream-fixtures'

/*
 * proxy.ts does not run for /api/: each route's wrapper (lib/api/gate.ts) refuses cross-site
 * changes and requests without a valid session before any handler runs, and gives every answer the
 * server's own request id, the one its audit line carries. Sign-in on, as in production.
 */

const ORIGIN = 'http://localhost'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const analyst = {
  iss: 'https://idp.test',
  sub: 'u1',
  email: 'ana@example.com',
  name: 'Ana',
  groups: [],
}

let fake: FakeUpstream

withAppStore()

beforeAll(async () => {
  fake = await startFakeUpstream()
})

afterAll(() => fake.close())

beforeEach(() => {
  stubEnv({
    AUTH_DISABLED: 'false',
    DS_API_BASE_URL: fake.url,
    DS_API_KEY: 'k',
    OIDC_ISSUER: 'https://id.example.com',
    OIDC_CLIENT_ID: 'verity',
    OIDC_CLIENT_SECRET: 'client-secret',
    SESSION_SECRET: 'gate-test-session-secret-of-enough-length',
    AUTH_ALLOWED_EMAIL_DOMAINS: 'example.com',
  })
  fake.reset()
})

afterEach(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

async function sessionCookie() {
  const { signIn } = await import('@/lib/auth/session-service')
  const { authSettings } = await import('@/lib/auth/settings')
  const settings = authSettings()
  if (settings.mode !== 'oidc') throw new Error('sign-in should be on')
  return `verity_session=${await signIn(analyst, settings, { access: 'access-token' })}`
}

async function getProfile(headers: Record<string, string> = {}) {
  const { GET } = await import('@/app/api/profiles/[profile_id]/route')
  return GET(new NextRequest(`${ORIGIN}/api/profiles/${PROFILE_ID}`, { headers }), {
    params: Promise.resolve({ profile_id: PROFILE_ID }),
  })
}

/** The audit lines written to standard output, parsed. */
function auditLines(stdout: { mock: { calls: unknown[][] } }) {
  return stdout.mock.calls
    .flatMap(([chunk]) => String(chunk).split('\n'))
    .filter((line) => line.startsWith('{"log":"audit"'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
}

describe('without a valid session', () => {
  it('a read answers 401 with the server’s request id, and the upstream is never asked', async () => {
    const response = await getProfile()
    expect(response.status).toBe(401)
    expect(response.headers.get('content-type')).toBe('application/problem+json')
    expect(response.headers.get('x-request-id')).toMatch(UUID)
    expect(fake.requests).toHaveLength(0)
  })

  it('a cookie that opens no session is dropped from the browser', async () => {
    const response = await getProfile({ cookie: 'verity_session=forged.value' })
    expect(response.status).toBe(401)
    expect(response.headers.get('set-cookie')).toMatch(/^verity_session=;.*Max-Age=0/i)
  })

  it('an unknown API path answers 401, not whether it exists', async () => {
    const { GET } = await import('@/app/api/[...path]/route')
    expect((await GET(new NextRequest(`${ORIGIN}/api/nope`))).status).toBe(401)
  })
})

describe('with a session', () => {
  it('a read is answered, and its audit line carries the answer’s request id and the client’s own id apart', async () => {
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    fake.handle(json(profile))
    const response = await getProfile({
      cookie: await sessionCookie(),
      'x-request-id': 'support-ticket-4711',
    })
    expect(response.status).toBe(200)
    const requestId = response.headers.get('x-request-id')
    expect(requestId).toMatch(UUID)
    expect(auditLines(stdout).at(-1)).toMatchObject({
      user: 'ana@example.com',
      action: 'view',
      resource: { type: 'profile', id: PROFILE_ID },
      outcome: 'ok',
      requestId,
      clientRequestId: 'support-ticket-4711',
    })
    expect(response.headers.get('server-timing')).toMatch(/(^|, )gate;dur=/)
  })

  it('an unknown API path answers 404', async () => {
    const { GET } = await import('@/app/api/[...path]/route')
    const request = new NextRequest(`${ORIGIN}/api/nope`, {
      headers: { cookie: await sessionCookie() },
    })
    expect((await GET(request)).status).toBe(404)
  })
})

describe('changes from elsewhere', () => {
  it.each([
    ['no origin at all', {}],
    ['another site', { origin: 'https://evil.example' }],
    ['a cross-site fetch', { 'sec-fetch-site': 'cross-site' }],
    ['an opaque origin', { origin: 'null' }],
  ])('are refused with a 403 problem before the body is read: %s', async (_case, headers) => {
    const { POST } = await import('@/app/api/reveal/route')
    const response = await POST(
      new NextRequest(`${ORIGIN}/api/reveal`, {
        method: 'POST',
        headers: { ...headers, cookie: await sessionCookie(), 'content-type': 'application/json' },
        body: JSON.stringify({ ref: 'anything' }),
      }),
    )
    expect(response.status).toBe(403)
    await expect(response.json()).resolves.toMatchObject({ type: 'about:blank#cross_site' })
  })

  it('from Verity’s own pages go on to the handler', async () => {
    const { POST } = await import('@/app/api/reveal/route')
    const response = await POST(
      new NextRequest(`${ORIGIN}/api/reveal`, {
        method: 'POST',
        headers: {
          origin: ORIGIN,
          cookie: await sessionCookie(),
          'content-type': 'application/json',
        },
        body: JSON.stringify({}),
      }),
    )
    // The handler's own answer: the body lacks its `ref`.
    expect(response.status).toBe(400)
  })
})
