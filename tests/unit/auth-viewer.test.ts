import { describe, expect, it } from 'vitest'

import { readSession } from '@/lib/auth/session-cookie'
import { seal } from '@/lib/auth/sealed'
import { sealSession } from '@/lib/auth/session-seal'
import type { AuthSettings } from '@/lib/auth/settings'
import { viewerClaims, viewerFromClaims } from '@/lib/auth/viewer'

const settings: Extract<AuthSettings, { mode: 'oidc' }> = {
  mode: 'oidc',
  issuer: 'http://127.0.0.1:9',
  clientId: 'verity',
  clientSecret: 'secret',
  secret: 'a-session-secret-of-at-least-32-characters',
  maxAgeSeconds: 600,
  appUrl: undefined,
  allow: { domains: ['example.com'], groups: ['aml-analysts'] },
}

describe('the e-mail a session carries', () => {
  it('round-trips a verified e-mail, which keeps passing the domain rule', async () => {
    const viewer = { sub: 'ana', email: 'ana@example.com', name: 'Ana', groups: [] }
    expect(viewerFromClaims(viewerClaims(viewer))).toEqual(viewer)
    await expect(readSession(await sealSession(viewer, settings), settings)).resolves.toEqual(
      viewer,
    )
  })

  it('is not trusted without the verified marker, so the domain rule no longer lets it in', async () => {
    const payload = { sub: 'ana', email: 'ana@example.com', name: 'Ana', groups: [] }
    expect(viewerFromClaims(payload)?.email).toBeNull()
    const token = await seal(payload, settings.secret, 'session', 600)
    await expect(readSession(token, settings)).resolves.toBeNull()
  })

  it('keeps a group member signed in without an e-mail', async () => {
    const payload = { sub: 'gus', email: 'gus@example.com', name: 'Gus', groups: ['aml-analysts'] }
    const token = await seal(payload, settings.secret, 'session', 600)
    await expect(readSession(token, settings)).resolves.toEqual({ ...payload, email: null })
  })
})
