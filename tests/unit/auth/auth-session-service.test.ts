import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { oidcSettings } from '@/tests/unit/helpers/auth-settings'
import { withAppStore } from '@/tests/unit/helpers/test-store'

/*
 * Sign-in, sign-out and expiry as the app does them: a row in the store, a sealed cookie, and an
 * audit row each (on standard output too).
 */

vi.mock('next/headers', () => ({
  headers: () =>
    Promise.resolve(new Headers({ 'x-request-id': '5f0c2c53-7c39-4f43-9d3e-3c1d1a0b9e10' })),
}))

const settings = oidcSettings
const ana = {
  iss: 'https://idp.test',
  sub: 'u1',
  email: 'ana@example.com',
  name: 'Ana Analyst',
  groups: [],
}

withAppStore()

let lines: Record<string, unknown>[]

beforeEach(() => {
  vi.stubEnv('DS_API_BASE_URL', 'http://127.0.0.1:9')
  vi.stubEnv('DS_API_KEY', 'k')
  lines = []
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    for (const line of String(chunk).split('\n').filter(Boolean))
      lines.push(JSON.parse(line) as Record<string, unknown>)
    return true
  })
})

afterEach(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

describe('sessions of the app', () => {
  it('lets a session pass the domain rule only with a verified e-mail, and a group member without one', async () => {
    const { signIn, sessionViewer } = await import('@/lib/auth/session-service')
    // The provider did not verify the address, so sign-in kept none (lib/auth/oidc.ts).
    const unverified = { ...ana, sub: 'u2', email: null }
    expect(
      await sessionViewer(await signIn(unverified, settings, { access: 'access-token' }), settings),
    ).toBeNull()
    const byGroup = { allow: { domains: ['example.com'], groups: ['aml-analysts'] } }
    const gus = {
      iss: 'https://idp.test',
      sub: 'u3',
      email: null,
      name: 'Gus',
      groups: ['aml-analysts'],
    }
    const token = await signIn(gus, { ...settings, ...byGroup }, { access: 'access-token' })
    const other = await sessionViewer(
      await signIn(gus, { ...settings, ...byGroup }, { access: 'access-token' }),
      {
        ...settings,
        ...byGroup,
      },
    )
    const viewer = await sessionViewer(token, { ...settings, ...byGroup })
    expect(viewer).toEqual({ ...gus, session: viewer?.session })
    expect(viewer?.session).toMatch(/^[0-9a-f]{16}$/)
    // Two sessions of one analyst are told apart.
    expect(other?.session).not.toBe(
      (await sessionViewer(token, { ...settings, ...byGroup }))?.session,
    )
  })

  it('signs in and out, audited, and a signed-out cookie no longer works', async () => {
    const { signIn, signOut, sessionViewer } = await import('@/lib/auth/session-service')
    const token = await signIn(ana, settings, { access: 'access-token' })
    // The viewer carries the session's reference: what is bound to the session is bound to it.
    const viewer = await sessionViewer(token, settings)
    expect(viewer).toEqual({ ...ana, session: viewer?.session })
    expect(viewer?.session).toMatch(/^[0-9a-f]{16}$/)
    expect(await signOut(token, settings)).toBe(true)
    expect(await sessionViewer(token, settings)).toBeNull()
    expect(await signOut(token, settings)).toBe(false)
    expect(lines.map((line) => line.action)).toEqual(['sign_in', 'sign_out'])
    expect(lines[0]).toMatchObject({
      user: 'ana@example.com',
      resource: { type: 'session', id: expect.stringMatching(/^[0-9a-f]{16}$/) as string },
      requestId: '5f0c2c53-7c39-4f43-9d3e-3c1d1a0b9e10',
      outcome: 'ok',
    })
  })

  it('refuses a session whose domain was taken off the allow-list', async () => {
    const { signIn, sessionViewer } = await import('@/lib/auth/session-service')
    const token = await signIn(ana, settings, { access: 'access-token' })
    const narrowed = { ...settings, allow: { domains: ['other.org'], groups: [] } }
    expect(await sessionViewer(token, narrowed)).toBeNull()
  })

  it('audits an idle session’s expiry when it is next used', async () => {
    const { signIn, sessionViewer } = await import('@/lib/auth/session-service')
    const { getStore } = await import('@/lib/store/store')
    const token = await signIn(ana, settings, { access: 'access-token' })
    const { db } = await getStore()
    await db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 31 * 60_000) })
      .execute()
    expect(await sessionViewer(token, settings)).toBeNull()
    expect(lines.at(-1)).toMatchObject({ action: 'session_expired', outcome: 'idle' })
  })
})
