import { describe, expect, it } from 'vitest'

import { headersAreSecure } from '@/lib/auth/request'
import { oidcSettings } from '@/tests/unit/helpers/auth-settings'
import { clearedSessionCookie, cookieOptions, sessionCookieName } from '@/lib/auth/session-cookie'

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

  it('counts a request as HTTPS behind a TLS proxy or with an https APP_URL', () => {
    expect(headersAreSecure(new Headers({ 'x-forwarded-proto': 'https' }), settings)).toBe(true)
    expect(headersAreSecure(new Headers(), settings)).toBe(false)
    expect(
      headersAreSecure(new Headers(), { ...settings, appUrl: 'https://verity.example.com' }),
    ).toBe(true)
  })
})
