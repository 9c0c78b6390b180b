import { NextRequest } from 'next/server'
import { getURLFromRedirectError } from 'next/dist/client/components/redirect'
import { isRedirectError } from 'next/dist/client/components/redirect-error'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import type * as OidcModule from '@/lib/auth/oidc'
import { safeReturnTo } from '@/lib/auth/return-to'

import { stubEnv } from '@/tests/unit/helpers/env'
import { withAppStore } from '@/tests/unit/helpers/test-store'

/*
 * Every route that takes a path to go to afterwards, with hostile values: wherever the analyst is
 * sent, it must be on Verity's own origin. A Location is judged the way a browser reads it,
 * resolved against the URL of the request that answered it.
 */

const ORIGIN = 'https://verity.example'

// What the provider's callback hands back is what the login route sealed; the mock stands in.
const oidc = vi.hoisted(() => ({ returnTo: '/', sealed: [] as string[] }))
vi.mock('@/lib/auth/oidc', async (importOriginal) => ({
  ...(await importOriginal<typeof OidcModule>()),
  startSignIn: vi.fn((_settings: unknown, _callback: string, returnTo: string) => {
    oidc.sealed.push(returnTo)
    return Promise.resolve({ url: new URL('https://id.example/authorize'), transaction: 'sealed' })
  }),
  finishSignIn: vi.fn(() =>
    Promise.resolve({
      outcome: 'ok',
      viewer: {
        iss: 'https://idp.test',
        sub: 'ana',
        email: 'ana@verity.example',
        name: 'Ana',
        groups: [],
      },
      returnTo: oidc.returnTo,
    }),
  ),
}))

const hostile: string[] = [
  // Protocol-relative, plain and after normalisation
  '//evil.example',
  '///evil.example',
  '////evil.example/x',
  '/.//evil.example',
  '/././/evil.example',
  '/..//evil.example',
  '/a/..//evil.example',
  '/a/b/../..//evil.example',
  '/.%2e//evil.example',
  // Encoded dots
  '/%2e//evil.example',
  '/%2E//evil.example',
  '/%2e%2e//evil.example',
  '/%2e/%2e//evil.example',
  // Backslashes, which URL parsers read as slashes
  '/\\evil.example',
  '/./\\evil.example',
  '/.\\/evil.example',
  '/\\/evil.example',
  '\\\\evil.example',
  '/%2e/\\evil.example',
  // Tabs, newlines and other control characters, which URL parsers drop
  '/\t/evil.example',
  '/.\t//evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '/\u0000/evil.example',
  '/profiles\r\nLocation: https://evil.example',
  // Credentials and @
  '//user:pass@evil.example',
  '//verity.example@evil.example',
  '/.//verity.example@evil.example/x',
  // Schemes
  'https://evil.example',
  'HTTPS://evil.example/x',
  'http:/evil.example',
  'https:evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  ' //evil.example',
  // IPv6 and IPv4 hosts
  '//[::1]/x',
  '/.//[2001:db8::1]',
  '//127.0.0.1:8080',
  '/.//0x7f.1',
  // Unicode dots and slashes
  '//evil\u3002example',
  '/.//evil\uff0eexample',
  '/\uff0e//evil.example',
  '/\u2215\u2215evil.example',
  '//evil%E3%80%82example',
  // Sign-in loops
  '/auth/sign-in?returnTo=//evil.example',
  '/auth/callback?code=x',
]

/** The origin a browser lands on for a Location answered to a request for `requestUrl`. */
function landsOn(location: string | null, requestUrl: string) {
  expect(location).not.toBeNull()
  return new URL(location ?? '', requestUrl).origin
}

it('covers at least forty hostile return paths', () => {
  expect(new Set(hostile).size).toBeGreaterThanOrEqual(40)
})

// A store of this file's own, never the checkout's .verity-data.
withAppStore()

describe('safeReturnTo', () => {
  it.each(hostile)('keeps %j on the origin', (value) => {
    const result = safeReturnTo(value)
    expect(result).toMatch(/^\/(?![/\\])/)
    expect(new URL(result, ORIGIN).origin).toBe(ORIGIN)
    // Deciding on the normalised value: what it returns is what it would accept again.
    expect(safeReturnTo(result)).toBe(result)
  })

  it.each([
    ['/verifications/VF57124F182867E0', '/verifications/VF57124F182867E0'],
    ['/profiles?page=2&limit=50', '/profiles?page=2&limit=50'],
    [
      '/webhooks?webhook_id=0f6a9c5e-2b1d-4c8e-9a7f-3d2e1c0b9a87',
      '/webhooks?webhook_id=0f6a9c5e-2b1d-4c8e-9a7f-3d2e1c0b9a87',
    ],
    ['/profiles/./a/../b', '/profiles/b'],
    ['/aml/123#match-4', '/aml/123'],
  ])('keeps the path and query of %s', (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected)
  })
})

describe('with sign-in off', () => {
  beforeAll(() => {
    stubEnv({ DS_API_BASE_URL: 'http://127.0.0.1:9', DS_API_KEY: 'k', AUTH_DISABLED: 'true' })
  })
  afterAll(() => vi.unstubAllEnvs())

  it.each(hostile)('the sign-in page redirects %j on the origin', async (value) => {
    const { default: SignInPage } = await import('@/app/auth/sign-in/page')
    const requestUrl = `${ORIGIN}/auth/sign-in?returnTo=${encodeURIComponent(value)}`
    let location: string | null = null
    try {
      await SignInPage({
        params: Promise.resolve({}),
        searchParams: Promise.resolve({ returnTo: value }),
      })
    } catch (error) {
      if (!isRedirectError(error)) throw error
      location = getURLFromRedirectError(error)
    }
    expect(landsOn(location, requestUrl)).toBe(ORIGIN)
  })

  it.each(hostile)('the login route redirects %j on the origin', async (value) => {
    const { GET } = await import('@/app/auth/login/route')
    const requestUrl = `${ORIGIN}/auth/login?returnTo=${encodeURIComponent(value)}`
    const response = await GET(new NextRequest(requestUrl))
    expect(response.status).toBe(303)
    expect(landsOn(response.headers.get('location'), requestUrl)).toBe(ORIGIN)
  })

  it.each(hostile)('the search page sends %j on the origin', async (value) => {
    const { submitted } = await import('@/lib/search/submitted')
    const { verificationPath } = await import('@/lib/routes')
    const requestUrl = `${ORIGIN}/search?q=${encodeURIComponent(value)}`
    const plan = submitted(value)
    // A search redirects, if at all, to the verification it may be or to the home page's box.
    const locations =
      plan.kind === 'search'
        ? [
            plan.shortId ? verificationPath(plan.shortId) : null,
            `/?q=${encodeURIComponent(plan.query)}`,
          ]
        : [plan.path]
    for (const location of locations.filter((path) => path !== null)) {
      expect(landsOn(location, requestUrl)).toBe(ORIGIN)
    }
  })
})

describe('with sign-in on', () => {
  beforeAll(() => {
    stubEnv({
      DS_API_BASE_URL: 'http://127.0.0.1:9',
      DS_API_KEY: 'k',
      AUTH_DISABLED: 'false',
      OIDC_ISSUER: 'http://127.0.0.1:9/issuer',
      OIDC_CLIENT_ID: 'verity',
      OIDC_CLIENT_SECRET: 'secret',
      SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
      AUTH_ALLOWED_EMAIL_DOMAINS: 'verity.example',
      APP_URL: ORIGIN,
    })
  })
  afterAll(() => vi.unstubAllEnvs())
  beforeEach(() => {
    oidc.sealed.length = 0
  })

  it.each(hostile)('the login route seals %j as a path on the origin', async (value) => {
    const { GET } = await import('@/app/auth/login/route')
    const response = await GET(
      new NextRequest(`${ORIGIN}/auth/login?returnTo=${encodeURIComponent(value)}`),
    )
    expect(response.headers.get('location')).toBe('https://id.example/authorize')
    expect(oidc.sealed).toHaveLength(1)
    expect(new URL(oidc.sealed[0] ?? '', ORIGIN).origin).toBe(ORIGIN)
    expect(oidc.sealed[0]).toMatch(/^\/(?![/\\])/)
  })

  it.each(hostile)('the callback redirects %j on the origin', async (value) => {
    oidc.returnTo = value
    const { GET } = await import('@/app/auth/callback/route')
    const requestUrl = `${ORIGIN}/auth/callback?code=c&state=s`
    const response = await GET(new NextRequest(requestUrl))
    expect(response.status).toBe(303)
    expect(response.headers.get('set-cookie')).toContain('verity_session=')
    expect(landsOn(response.headers.get('location'), requestUrl)).toBe(ORIGIN)
  })

  it.each(hostile)('the sign-in gate keeps %j as a path on the origin', async (value) => {
    const { proxy } = await import('@/proxy')
    let requestUrl: string
    try {
      requestUrl = new URL(value, `${ORIGIN}/`).href
    } catch {
      return
    }
    if (new URL(requestUrl).origin !== ORIGIN) return
    const response = await proxy(new NextRequest(requestUrl))
    const location = response.headers.get('location')
    // Sign-in's own routes are public: no redirect at all.
    if (new URL(requestUrl).pathname.startsWith('/auth/')) return expect(location).toBeNull()
    expect(landsOn(location, requestUrl)).toBe(ORIGIN)
    const returnTo = new URL(location ?? '', requestUrl).searchParams.get('returnTo') ?? '/'
    expect(new URL(returnTo, ORIGIN).origin).toBe(ORIGIN)
    expect(returnTo).toMatch(/^\/(?![/\\])/)
  })
})
