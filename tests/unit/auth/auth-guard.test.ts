import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { stubEnv } from '@/tests/unit/helpers/env'
import { withAppStore } from '@/tests/unit/helpers/test-store'

/*
 * The data layer's own check, without proxy.ts in front (as with an x-middleware-subrequest
 * bypass): no valid session cookie, no upstream read, a 401 from the route handler wrapper.
 */

const cookieJar = new Map<string, string>()
vi.mock('next/headers', () => ({
  cookies: () =>
    Promise.resolve({
      get: (name: string) =>
        cookieJar.has(name) ? { name, value: cookieJar.get(name) } : undefined,
    }),
  headers: () =>
    Promise.resolve(new Headers({ 'x-request-id': '5b0f3c6e-1d2a-4e8f-9a7b-3c4d5e6f7a8b' })),
}))

const secret = 'guard-test-session-secret-of-enough-length'

withAppStore()

/** The audit lines written to standard output, parsed. */
function auditLines(stdout: { mock: { calls: unknown[][] } }) {
  return stdout.mock.calls
    .flatMap(([chunk]) => String(chunk).split('\n'))
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
}

describe('data layer guard with sign-in enabled', () => {
  beforeEach(() => {
    stubEnv({
      AUTH_DISABLED: 'false',
      DS_API_BASE_URL: 'http://127.0.0.1:9',
      DS_API_KEY: 'k',
      OIDC_ISSUER: 'https://id.example.com',
      OIDC_CLIENT_ID: 'verity',
      OIDC_CLIENT_SECRET: 'client-secret',
      SESSION_SECRET: secret,
      AUTH_ALLOWED_EMAIL_DOMAINS: 'example.com',
    })
    cookieJar.clear()
  })

  afterEach(() => {
    vi.unstubAllEnvs()
    vi.restoreAllMocks()
  })

  it('refuses a read without a session cookie, never calling the upstream, and audits the refusal', async () => {
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    const { guardedRead } = await import('@/lib/auth/guarded-read')
    const read = vi.fn(() => Promise.resolve({ secret: 'personal data' }))
    await expect(
      guardedRead({ type: 'verification', id: 'V2C0C0912153735BE' }, read),
    ).rejects.toMatchObject({ name: 'AuthRequiredError' })
    expect(read).not.toHaveBeenCalled()
    expect(auditLines(stdout)[0]).toMatchObject({
      user: 'unauthenticated',
      action: 'view',
      outcome: 'denied',
      requestId: '5b0f3c6e-1d2a-4e8f-9a7b-3c4d5e6f7a8b',
    })
  })

  it('answers 401 problem+json from a route handler without a session', async () => {
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    const { respond } = await import('@/lib/api/problem')
    const { readVerification } = await import('@/lib/upstream/reads')
    const response = await respond(() => readVerification('V2C0C0912153735BE'))
    expect(response.status).toBe(401)
    expect(response.headers.get('content-type')).toBe('application/problem+json')
  })

  it('reads with a valid session and audits the view under the analyst’s e-mail', async () => {
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    const viewer = {
      iss: 'https://idp.test',
      sub: 'u1',
      email: 'ana@example.com',
      name: 'Ana',
      groups: [],
    }
    const { signIn } = await import('@/lib/auth/session-service')
    const { authSettings } = await import('@/lib/auth/settings')
    const settings = authSettings()
    if (settings.mode !== 'oidc') throw new Error('sign-in should be on')
    cookieJar.set('verity_session', await signIn(viewer, settings, { access: 'access-token' }))
    const { guardedRead } = await import('@/lib/auth/guarded-read')
    await expect(
      guardedRead({ type: 'profile', id: 'abc' }, () => Promise.resolve('data')),
    ).resolves.toBe('data')
    expect(auditLines(stdout).at(-1)).toMatchObject({
      user: 'ana@example.com',
      action: 'view',
      resource: { type: 'profile', id: 'abc' },
      outcome: 'ok',
    })
  })
})
