import { NextRequest } from 'next/server'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'

import type * as ProxyModule from '@/proxy'

import { stubEnv } from '@/tests/unit/helpers/env'

/*
 * The public key that verifies evidence packs is for whoever holds a pack (an auditor, a
 * regulator): with sign-in on, proxy.ts lets its URL through without a session, and nothing else.
 */

const ORIGIN = 'http://verity.test'
let proxy: typeof ProxyModule.proxy

beforeAll(async () => {
  stubEnv({
    DS_API_BASE_URL: 'http://127.0.0.1:9',
    DS_API_KEY: 'k',
    AUTH_DISABLED: 'false',
    OIDC_ISSUER: 'https://idp.test',
    OIDC_CLIENT_ID: 'verity',
    OIDC_CLIENT_SECRET: 'secret',
    SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
    AUTH_ALLOWED_EMAIL_DOMAINS: 'verity.test',
  })
  ;({ proxy } = await import('@/proxy'))
})

afterAll(() => vi.unstubAllEnvs())

it('lets the evidence public key through without a session, and only it', async () => {
  const open = await proxy(new NextRequest(`${ORIGIN}/.well-known/verity-evidence-key`))
  expect(open.headers.get('location')).toBeNull()
  for (const path of ['/.well-known/verity-evidence-key/x', '/.well-known/other', '/profiles']) {
    const gated = await proxy(new NextRequest(`${ORIGIN}${path}`))
    expect(gated.status).toBe(307)
    expect(gated.headers.get('location')).toContain('/auth/sign-in')
  }
})
