import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { stubEnv } from '@/tests/unit/helpers/env'
import { withAppStore } from '@/tests/unit/helpers/test-store'

/* The request id an audit line carries is the server's; a client's id is kept apart and marked. */

const incoming = vi.hoisted(() => ({ headers: new Headers() }))
vi.mock('next/headers', () => ({ headers: () => Promise.resolve(incoming.headers) }))

const chainKey = Symbol.for('verity.audit-chain')
const SERVER_ID = '3f1c8a52-7d4e-4b6a-9c0d-2e5f7a8b9c10'
const viewer = {
  iss: 'https://idp.test',
  sub: 'u1',
  email: 'ana@example.com',
  name: 'Ana',
  groups: [],
}

// A store of this file's own, never the checkout's .verity-data.
withAppStore()

beforeEach(() => {
  stubEnv({ DS_API_BASE_URL: 'http://127.0.0.1:9', DS_API_KEY: 'k' })
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
  delete (globalThis as Record<symbol, unknown>)[chainKey]
})

afterEach(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
  delete (globalThis as Record<symbol, unknown>)[chainKey]
})

async function recordWith(headers: Record<string, string>) {
  incoming.headers = new Headers(headers)
  const { audit } = await import('@/lib/audit/record')
  return audit(viewer, 'view', { type: 'verification', id: 'VF57124F182867E0' }, 'ok')
}

describe('audit request ids', () => {
  it('records the id proxy.ts gave the request, and the client’s own id apart', async () => {
    const record = await recordWith({
      'x-request-id': SERVER_ID,
      'x-client-request-id': 'support-ticket-4711',
    })
    expect(record.requestId).toBe(SERVER_ID)
    expect(record.clientRequestId).toBe('support-ticket-4711')
  })

  it('never takes a client-chosen id as the request id', async () => {
    const record = await recordWith({ 'x-request-id': 'client-chosen-id-0001' })
    expect(record.requestId).not.toBe('client-chosen-id-0001')
    expect(record.requestId).toMatch(/^[0-9a-f-]{36}$/)
    expect(record.clientRequestId).toBeUndefined()
  })

  it('leaves out a client id that is too long or not plain', async () => {
    for (const clientId of ['x'.repeat(65), 'a b', '{"user":"admin"}']) {
      const record = await recordWith({
        'x-request-id': SERVER_ID,
        'x-client-request-id': clientId,
      })
      expect(record.clientRequestId).toBeUndefined()
      expect(JSON.stringify(record)).not.toContain(clientId)
    }
  })
})
