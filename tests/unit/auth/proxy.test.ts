import { NextRequest } from 'next/server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type * as ProxyModule from '@/proxy'

import { stubEnv } from '@/tests/unit/helpers/env'

/*
 * What proxy.ts does to every request but the API's before a page sees it (sign-in off, as in the
 * demo); the API's routes have the same gate in their wrapper (api-gate.test.ts).
 */

const ORIGIN = 'http://verity.test'
let proxy: typeof ProxyModule.proxy

beforeAll(async () => {
  stubEnv({ DS_API_BASE_URL: 'http://127.0.0.1:9', DS_API_KEY: 'k', AUTH_DISABLED: 'true' })
  ;({ proxy } = await import('@/proxy'))
})

afterAll(() => vi.unstubAllEnvs())

/** A request header as proxy.ts hands it on to the route (Next.js carries them this way). */
function forwarded(response: Response, name: string) {
  return response.headers.get(`x-middleware-request-${name}`)
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('request ids', () => {
  it('gives every request the server’s own id, whatever id the client sent', async () => {
    const response = await proxy(
      new NextRequest(`${ORIGIN}/profiles`, {
        headers: { 'x-request-id': 'client-chosen-id-0001' },
      }),
    )
    const id = response.headers.get('x-request-id') ?? ''
    expect(id).toMatch(UUID)
    expect(forwarded(response, 'x-request-id')).toBe(id)
    expect(forwarded(response, 'x-client-request-id')).toBe('client-chosen-id-0001')
  })

  it('does not take a UUID-shaped client id as the server’s either', async () => {
    const chosen = '00000000-0000-4000-8000-000000000000'
    const response = await proxy(
      new NextRequest(`${ORIGIN}/profiles`, { headers: { 'x-request-id': chosen } }),
    )
    expect(response.headers.get('x-request-id')).not.toBe(chosen)
    expect(forwarded(response, 'x-request-id')).not.toBe(chosen)
    expect(forwarded(response, 'x-client-request-id')).toBe(chosen)
  })

  it.each([
    ['too long', 'a'.repeat(65)],
    ['with spaces', 'id with spaces'],
    ['with a quote', 'id"},{"user":"admin'],
    ['with non-ASCII', 'idé'],
  ])('drops a client id that is %s', async (_case, chosen) => {
    const response = await proxy(
      new NextRequest(`${ORIGIN}/profiles`, {
        headers: { 'x-request-id': chosen },
      }),
    )
    expect(forwarded(response, 'x-client-request-id')).toBeNull()
  })

  it('ignores a client-request-id header the client set itself', async () => {
    const response = await proxy(
      new NextRequest(`${ORIGIN}/profiles`, {
        headers: { 'x-client-request-id': 'smuggled' },
      }),
    )
    expect(forwarded(response, 'x-client-request-id')).toBeNull()
    // The route sees exactly the headers listed here, so one left out is removed.
    expect(response.headers.get('x-middleware-override-headers')?.split(',')).not.toContain(
      'x-client-request-id',
    )
  })
})

describe('Content-Security-Policy', () => {
  it.each([
    ['a page', {}],
    ['a prefetch (Purpose)', { purpose: 'prefetch' }],
    ['a prefetch (Sec-Purpose)', { 'sec-purpose': 'prefetch' }],
    ['a router prefetch', { 'next-router-prefetch': '1' }],
    ['a router prefetch of the RSC payload', { 'next-router-prefetch': '1', rsc: '1' }],
  ])('is set, with a nonce, on %s', async (_case, headers) => {
    const response = await proxy(new NextRequest(`${ORIGIN}/profiles`, { headers }))
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/)
    expect(forwarded(response, 'content-security-policy')).toBe(csp)
  })
})

describe('state-changing requests', () => {
  it.each([
    ['POST', '/auth/sign-out', {}],
    ['POST', '/auth/sign-out', { 'sec-fetch-site': 'cross-site' }],
    ['POST', '/profiles', { origin: 'https://evil.example' }],
    ['POST', '/aml/1', { origin: 'null' }],
    ['PUT', '/webhooks', { 'sec-fetch-site': 'same-site' }],
    ['DELETE', '/activity', {}],
    ['POST', '/profiles', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
  ])('%s %s with %j is refused with a 403 problem', async (method, path, headers) => {
    const response = await proxy(new NextRequest(`${ORIGIN}${path}`, { method, headers }))
    expect(response.status).toBe(403)
    expect(response.headers.get('content-type')).toContain('application/problem+json')
    await expect(response.json()).resolves.toMatchObject({ type: 'about:blank#cross_site' })
  })

  it.each([
    ['/auth/sign-out', { 'sec-fetch-site': 'same-origin', origin: 'null' }],
    ['/profiles', { origin: ORIGIN }],
  ])('POST %s from Verity itself goes on to its route', async (path, headers) => {
    const response = await proxy(new NextRequest(`${ORIGIN}${path}`, { method: 'POST', headers }))
    expect(response.status).toBe(200)
    expect(response.headers.get('x-middleware-next')).toBe('1')
  })
})
