import { describe, expect, it } from 'vitest'

import { seal, unseal } from '@/lib/auth/sealed'
import { sealSession, unsealSession } from '@/lib/auth/session-seal'

const secret = 'a-session-secret-of-at-least-32-characters'
const settings = { secret, maxAgeSeconds: 3600 }
const sessionId = 'Zm9vYmFyLXNlc3Npb24taWQtb2YtdGhpcnR5LXR3bw'

describe('session cookie', () => {
  it('reads back the session id it sealed', async () => {
    const token = await sealSession(sessionId, settings)
    expect(await unsealSession(token, secret)).toBe(sessionId)
  })

  it('is encrypted: the session id is not readable in the cookie', async () => {
    const token = await sealSession(sessionId, settings)
    const decoded = token
      .split('.')
      .map((part) => Buffer.from(part, 'base64url').toString('latin1'))
      .join('')
    expect(decoded).not.toContain(sessionId)
  })

  it('refuses a cookie with one character changed', async () => {
    const token = await sealSession(sessionId, settings)
    const last = token.at(-5) === 'A' ? 'B' : 'A'
    const tampered = `${token.slice(0, -5)}${last}${token.slice(-4)}`
    expect(await unsealSession(tampered, secret)).toBeNull()
  })

  it('refuses an expired cookie', async () => {
    const twoHoursAgo = Date.now() - 2 * 3600 * 1000
    const token = await sealSession(sessionId, settings, twoHoursAgo)
    expect(await unsealSession(token, secret)).toBeNull()
  })

  it('refuses a cookie sealed with another secret', async () => {
    const token = await sealSession(sessionId, {
      ...settings,
      secret: 'another-secret-of-at-least-32-characters',
    })
    expect(await unsealSession(token, secret)).toBeNull()
  })

  it('refuses a sign-in transaction cookie used as a session', async () => {
    const token = await seal({ sid: sessionId }, secret, 'sign-in', 600)
    expect(await unsealSession(token, secret)).toBeNull()
  })

  it('refuses garbage and an empty cookie', async () => {
    expect(await unsealSession('not-a-jwe', secret)).toBeNull()
    expect(await unsealSession(undefined, secret)).toBeNull()
    expect(await unseal('', secret, 'session')).toBeNull()
  })
})
