import { describe, expect, it } from 'vitest'

import { seal, unseal } from '@/lib/auth/sealed'
import { sealSession } from '@/lib/auth/session-seal'
import { readSession } from '@/lib/auth/session-cookie'
import type { AuthSettings } from '@/lib/auth/settings'

const secret = 'a-session-secret-of-at-least-32-characters'
const settings: Extract<AuthSettings, { mode: 'oidc' }> = {
  mode: 'oidc',
  issuer: 'https://id.example.com',
  clientId: 'verity',
  clientSecret: 'client-secret',
  secret,
  maxAgeSeconds: 3600,
  appUrl: undefined,
  allow: { domains: ['example.com'], groups: ['aml-analysts'] },
}
const analyst = { sub: 'u1', email: 'ana@example.com', name: 'Ana Analyst', groups: [] }

describe('session cookie', () => {
  it('reads back the viewer it sealed', async () => {
    const token = await sealSession(analyst, settings)
    expect(await readSession(token, settings)).toEqual(analyst)
  })

  it('is encrypted: the e-mail is not readable in the cookie', async () => {
    const token = await sealSession(analyst, settings)
    const decoded = token
      .split('.')
      .map((part) => Buffer.from(part, 'base64url').toString('latin1'))
      .join('')
    expect(decoded).not.toContain('ana@example.com')
  })

  it('refuses a cookie with one character changed', async () => {
    const token = await sealSession(analyst, settings)
    const last = token.at(-5) === 'A' ? 'B' : 'A'
    const tampered = `${token.slice(0, -5)}${last}${token.slice(-4)}`
    expect(await readSession(tampered, settings)).toBeNull()
  })

  it('refuses an expired cookie', async () => {
    const twoHoursAgo = Date.now() - 2 * 3600 * 1000
    const token = await sealSession(analyst, settings, twoHoursAgo)
    expect(await readSession(token, settings)).toBeNull()
  })

  it('refuses a cookie sealed with another secret', async () => {
    const token = await sealSession(analyst, {
      ...settings,
      secret: 'another-secret-of-at-least-32-characters',
    })
    expect(await readSession(token, settings)).toBeNull()
  })

  it('refuses a sign-in transaction cookie used as a session', async () => {
    const token = await seal({ sub: 'u1', email: 'ana@example.com' }, secret, 'sign-in', 600)
    expect(await readSession(token, settings)).toBeNull()
  })

  it('refuses a session whose domain was taken off the allow-list', async () => {
    const token = await sealSession(analyst, settings)
    expect(
      await readSession(token, { ...settings, allow: { domains: ['other.org'], groups: [] } }),
    ).toBeNull()
  })

  it('refuses garbage and an empty cookie', async () => {
    expect(await readSession('not-a-jwe', settings)).toBeNull()
    expect(await readSession(undefined, settings)).toBeNull()
    expect(await unseal('', secret, 'session')).toBeNull()
  })
})
