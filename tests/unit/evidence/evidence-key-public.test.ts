import { NextRequest } from 'next/server'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'

import type * as ProxyModule from '@/proxy'

import { signInOnEnv } from '@/tests/unit/helpers/auth-settings'
import { stubEnv } from '@/tests/unit/helpers/env'

/*
 * The public key that verifies evidence packs is for whoever holds a pack (an auditor, a
 * regulator): with sign-in on, proxy.ts lets its URL through without a session, and nothing else.
 */

const ORIGIN = 'http://verity.test'
let proxy: typeof ProxyModule.proxy

beforeAll(async () => {
  stubEnv(signInOnEnv())
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
