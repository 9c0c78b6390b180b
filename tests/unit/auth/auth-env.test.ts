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

const auditKey = { AUDIT_HMAC_KEY: 'k'.repeat(32) }

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
      parseEnv({ ...upstream, ...auditKey, NODE_ENV: 'production', AUTH_DISABLED: 'true' })
        .AUTH_DISABLED,
    ).toBe(true)
  })

  it('starts in production with sign-in configured, reading the lists', () => {
    const env = parseEnv({
      ...upstream,
      ...signIn,
      ...auditKey,
      NODE_ENV: 'production',
      APP_URL: 'https://verity.example.com',
      AUTH_ALLOWED_EMAIL_DOMAINS: '@Example.com, corp.example.org',
      AUTH_ALLOWED_GROUPS: 'aml-analysts',
    })
    expect(env.AUTH_ALLOWED_EMAIL_DOMAINS).toEqual(['example.com', 'corp.example.org'])
    expect(env.AUTH_ALLOWED_GROUPS).toEqual(['aml-analysts'])
    expect(env.SESSION_MAX_AGE_S).toBe(8 * 3600)
    expect(env.SESSION_IDLE_TIMEOUT_S).toBe(30 * 60)
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

  it('reads the idle timeout and refuses one below a minute', () => {
    expect(parseEnv({ ...upstream, SESSION_IDLE_TIMEOUT_S: '900' }).SESSION_IDLE_TIMEOUT_S).toBe(
      900,
    )
    expect(errorOf({ ...upstream, SESSION_IDLE_TIMEOUT_S: '10' })).toContain(
      'SESSION_IDLE_TIMEOUT_S must be at least 60',
    )
  })

  it('rechecks sessions with the provider every 15 minutes unless told otherwise', () => {
    expect(parseEnv(upstream).AUTH_RECHECK_MINUTES).toBe(15)
    expect(parseEnv({ ...upstream, AUTH_RECHECK_MINUTES: '5' }).AUTH_RECHECK_MINUTES).toBe(5)
    expect(errorOf({ ...upstream, AUTH_RECHECK_MINUTES: '0' })).toContain(
      'AUTH_RECHECK_MINUTES must be at least 0.05',
    )
    expect(errorOf({ ...upstream, AUTH_RECHECK_MINUTES: 'often' })).toContain(
      'AUTH_RECHECK_MINUTES must be a number of minutes',
    )
  })
})

describe('store and audit key environment', () => {
  it('defaults to the embedded store', () => {
    const env = parseEnv(upstream)
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.VERITY_DATA_DIR).toBeUndefined()
  })

  it('reads a PostgreSQL URL and a data directory, and refuses another scheme', () => {
    const env = parseEnv({
      ...upstream,
      ...auditKey,
      DATABASE_URL: 'postgres://verity:pw@db.internal:5432/verity',
      VERITY_DATA_DIR: '/var/lib/verity',
    })
    expect(env.DATABASE_URL).toBe('postgres://verity:pw@db.internal:5432/verity')
    expect(env.VERITY_DATA_DIR).toBe('/var/lib/verity')
    expect(errorOf({ ...upstream, ...auditKey, DATABASE_URL: 'mysql://db/verity' })).toContain(
      'DATABASE_URL must be a postgres:// URL',
    )
  })

  it('demands AUDIT_HMAC_KEY in production, except for the demo on simulated data', () => {
    const production = { ...upstream, ...signIn, NODE_ENV: 'production' }
    expect(errorOf(production)).toContain('AUDIT_HMAC_KEY is required in production')
    expect(errorOf({ ...production, VERITY_DEMO: 'true' })).toBeNull()
    expect(errorOf({ ...production, AUDIT_HMAC_KEY: 'short' })).toContain(
      'AUDIT_HMAC_KEY must be at least 32 characters',
    )
  })

  it('demands a shared key with a shared database, and never repeats it', () => {
    const shared = { ...upstream, DATABASE_URL: 'postgres://db.internal/verity' }
    expect(errorOf(shared)).toContain(
      'AUDIT_HMAC_KEY (or SESSION_SECRET) is required with DATABASE_URL',
    )
    expect(errorOf({ ...shared, AUTH_DISABLED: 'true', SESSION_SECRET: 's'.repeat(32) })).toBeNull()
    expect(errorOf({ ...shared, AUDIT_HMAC_KEY: 'a-short-key' })).not.toContain('a-short-key')
  })
})
