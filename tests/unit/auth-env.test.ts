import { describe, expect, it } from 'vitest'

import { parseEnv } from '@/lib/env'
import { errorOf } from '@/tests/unit/helpers/env'

const upstream = { DS_API_BASE_URL: 'https://api.dataspike.io', DS_API_KEY: 'key-123' }
const signIn = {
  OIDC_ISSUER: 'https://id.example.com',
  OIDC_CLIENT_ID: 'verity',
  OIDC_CLIENT_SECRET: 'client-secret',
  SESSION_SECRET: 'x'.repeat(32),
  AUTH_ALLOWED_EMAIL_DOMAINS: 'example.com',
}

describe('sign-in environment', () => {
  it('refuses a production start without sign-in and names every missing variable', () => {
    const message = errorOf({ ...upstream, NODE_ENV: 'production' })
    for (const name of [
      'OIDC_ISSUER',
      'OIDC_CLIENT_ID',
      'OIDC_CLIENT_SECRET',
      'SESSION_SECRET',
      'AUTH_ALLOWED_EMAIL_DOMAINS',
    ]) {
      expect(message).toContain(name)
    }
    expect(message).toContain('AUTH_DISABLED=true')
  })

  it('starts in production with sign-in explicitly turned off', () => {
    expect(
      parseEnv({ ...upstream, NODE_ENV: 'production', AUTH_DISABLED: 'true' }).AUTH_DISABLED,
    ).toBe(true)
  })

  it('starts in production with sign-in configured, reading the lists', () => {
    const env = parseEnv({
      ...upstream,
      ...signIn,
      NODE_ENV: 'production',
      AUTH_ALLOWED_EMAIL_DOMAINS: '@Example.com, corp.example.org',
      AUTH_ALLOWED_GROUPS: 'aml-analysts',
    })
    expect(env.AUTH_ALLOWED_EMAIL_DOMAINS).toEqual(['example.com', 'corp.example.org'])
    expect(env.AUTH_ALLOWED_GROUPS).toEqual(['aml-analysts'])
    expect(env.SESSION_MAX_AGE_S).toBe(8 * 3600)
    expect(env.PII_MASKING).toBe(true)
  })

  it('refuses a half-configured sign-in even outside production', () => {
    expect(errorOf({ ...upstream, OIDC_ISSUER: 'https://id.example.com' })).toContain(
      'SESSION_SECRET is required',
    )
  })

  it('refuses a short session secret and a plain-http issuer on another host', () => {
    expect(errorOf({ ...upstream, ...signIn, SESSION_SECRET: 'short' })).toContain(
      'SESSION_SECRET must be at least 32',
    )
    expect(errorOf({ ...upstream, ...signIn, OIDC_ISSUER: 'http://id.example.com' })).toContain(
      'OIDC_ISSUER must use https',
    )
    expect(
      parseEnv({ ...upstream, ...signIn, OIDC_ISSUER: 'http://127.0.0.1:9000' }).OIDC_ISSUER,
    ).toBe('http://127.0.0.1:9000')
  })

  it('never repeats the secrets in its message', () => {
    const message = errorOf({
      ...upstream,
      ...signIn,
      OIDC_CLIENT_SECRET: 'very-secret',
      SESSION_SECRET: 'short-secret',
    })
    expect(message).not.toContain('very-secret')
    expect(message).not.toContain('short-secret')
  })

  it('turns masking off only when asked', () => {
    expect(parseEnv({ ...upstream, PII_MASKING: 'off' }).PII_MASKING).toBe(false)
    expect(errorOf({ ...upstream, PII_MASKING: 'maybe' })).toContain('PII_MASKING')
  })
})
