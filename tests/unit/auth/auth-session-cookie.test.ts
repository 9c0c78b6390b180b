import { describe, expect, it, vi } from 'vitest'

import { clearedSessionCookie, cookieOptions, sessionCookieName } from '@/lib/auth/session-cookie'
import { oidcSettings } from '@/tests/unit/helpers/auth-settings'
import { stubEnv } from '@/tests/unit/helpers/env'

const settings = oidcSettings

describe('the session cookie’s name and attributes', () => {
  it('is a __Host- cookie over HTTPS: Secure, for the whole host, without a Domain', () => {
    expect(sessionCookieName(true)).toBe('__Host-verity_session')
    const options = cookieOptions(true, 3600)
    expect(options).toMatchObject({ secure: true, path: '/', httpOnly: true, sameSite: 'lax' })
    expect(options).not.toHaveProperty('domain')
  })

  it('keeps its plain name on plain HTTP, where a browser would refuse a __Host- cookie', () => {
    expect(sessionCookieName(false)).toBe('verity_session')
    expect(cookieOptions(false, 3600).secure).toBe(false)
  })

  it('is removed with the attributes it was set with', () => {
    expect(clearedSessionCookie(true)).toEqual([
      '__Host-verity_session',
      '',
      expect.objectContaining({ secure: true, path: '/', maxAge: 0 }),
    ])
  })

  it('counts a request as HTTPS with an https APP_URL, never on X-Forwarded-Proto a client sent', async () => {
    stubEnv({ DS_API_BASE_URL: 'http://127.0.0.1:9', DS_API_KEY: 'k' })
    const { headersAreSecure } = await import('@/lib/auth/request')
    // From a trusted proxy it counts (tests/unit/auth/auth-forwarded.test.ts); from anyone else not.
    expect(headersAreSecure(new Headers({ 'x-forwarded-proto': 'https' }), settings)).toBe(false)
    expect(headersAreSecure(new Headers(), settings)).toBe(false)
    expect(
      headersAreSecure(new Headers(), { ...settings, appUrl: 'https://verity.example.com' }),
    ).toBe(true)
    vi.unstubAllEnvs()
  })
})
