import { request as httpRequest, Server, createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

import { NextRequest } from 'next/server'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { PEER_STAMPING, isTrustedProxy } from '@/lib/auth/peer'
import { stampPeerAddresses } from '@/lib/auth/peer-stamp'
import { errorOf, stubEnv } from '@/tests/unit/helpers/env'

/*
 * X-Forwarded-Host and -Proto are believed only from a proxy in TRUSTED_PROXIES, known by the
 * address of the connection a request came on (stamped by the server itself, over anything a
 * client sends under that name), and APP_URL, when set, is the public origin whatever they say.
 */

const upstream = { DS_API_BASE_URL: 'http://127.0.0.1:9', DS_API_KEY: 'k' }
const hostile = {
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
}

// The stamp patches node:http for this process: put it back for the test files after this one.
const originalEmit = Reflect.get(Server.prototype, 'emit') as Server['emit']
const state = globalThis as Record<symbol, unknown>

beforeAll(() => {
  stampPeerAddresses()
})

afterAll(() => {
  Server.prototype.emit = originalEmit
  delete state[PEER_STAMPING]
})

afterEach(() => {
  vi.unstubAllEnvs()
})

type Seen = { origin: string; https: boolean }

/**
 * What Verity makes of one request sent over a real connection from 127.0.0.1 with `headers`,
 * under the environment `env`: its public origin (sign-in off) and whether it is HTTPS.
 */
async function seenWith(env: Record<string, string>, headers: Record<string, string>) {
  stubEnv({ ...upstream, AUTH_DISABLED: 'true', ...env })
  const { publicOrigin, servedOverHttps } = await import('@/lib/auth/request')
  const server = createServer((req: IncomingMessage, res) => {
    const request = new NextRequest(`http://localhost${req.url ?? '/'}`, {
      headers: Object.entries(req.headers).map(([name, value]): [string, string] => [
        name,
        String(value),
      ]),
    })
    const seen: Seen = {
      origin: publicOrigin(request, { mode: 'off', reason: 'disabled' }),
      https: servedOverHttps(request),
    }
    res.end(JSON.stringify(seen))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  try {
    return await new Promise<Seen & { port: number }>((resolve, reject) => {
      const sent = httpRequest({ host: '127.0.0.1', port, path: '/auth/login', headers })
      sent.on('response', (response) => {
        let body = ''
        response.on('data', (chunk: Buffer) => (body += chunk.toString()))
        response.on('end', () => resolve({ ...(JSON.parse(body) as Seen), port }))
      })
      sent.on('error', reject)
      sent.end()
    })
  } finally {
    await new Promise((resolve) => server.close(resolve))
  }
}

describe('forwarded headers', () => {
  it('are ignored from a client that is not a configured proxy: the Host it asked for counts', async () => {
    const seen = await seenWith({}, hostile)
    expect(seen).toMatchObject({ origin: `http://127.0.0.1:${seen.port}`, https: false })
  })

  it('are believed from a proxy in TRUSTED_PROXIES', async () => {
    const seen = await seenWith({ TRUSTED_PROXIES: '10.0.0.5, 127.0.0.0/8' }, hostile)
    expect(seen).toMatchObject({ origin: 'https://evil.example', https: true })
  })

  it('are not believed from a client that names a trusted proxy as its own address', async () => {
    const forged = { ...hostile, 'x-verity-peer': '10.0.0.5', 'x-forwarded-for': '10.0.0.5' }
    const seen = await seenWith({ TRUSTED_PROXIES: '10.0.0.5' }, forged)
    expect(seen).toMatchObject({ origin: `http://127.0.0.1:${seen.port}`, https: false })
  })

  it('never outweigh APP_URL', async () => {
    const seen = await seenWith(
      { APP_URL: 'https://verity.example.com', TRUSTED_PROXIES: '127.0.0.1' },
      { ...hostile, 'x-forwarded-proto': 'http' },
    )
    expect(seen).toMatchObject({ origin: 'https://verity.example.com', https: true })
  })

  it('match addresses and ranges of either family, and IPv4 as a dual-stack socket reports it', () => {
    const proxies = ['10.0.0.5', '192.168.0.0/16', 'fd00::/8']
    expect(isTrustedProxy('10.0.0.5', proxies)).toBe(true)
    expect(isTrustedProxy('::ffff:10.0.0.5', proxies)).toBe(true)
    expect(isTrustedProxy('192.168.40.2', proxies)).toBe(true)
    expect(isTrustedProxy('fd12::1', proxies)).toBe(true)
    expect(isTrustedProxy('10.0.0.6', proxies)).toBe(false)
    expect(isTrustedProxy('fe80::1', proxies)).toBe(false)
    expect(isTrustedProxy('not an address', proxies)).toBe(false)
    expect(isTrustedProxy('10.0.0.5', [])).toBe(false)
  })
})

describe('GET /auth/login', () => {
  const login = (headers: Record<string, string>) =>
    new NextRequest('http://localhost:3000/auth/login?returnTo=%2Fprofiles', {
      headers: { host: 'localhost:3000', ...headers },
    })

  it('does not redirect to a host a client forwarded', async () => {
    stubEnv({ ...upstream, AUTH_DISABLED: 'true' })
    const { GET } = await import('@/app/auth/login/route')
    const response = await GET(login(hostile))
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('http://localhost:3000/profiles')
  })

  it('redirects to APP_URL when it is set', async () => {
    stubEnv({ ...upstream, AUTH_DISABLED: 'true', APP_URL: 'https://verity.example.com/' })
    const { GET } = await import('@/app/auth/login/route')
    const response = await GET(login(hostile))
    expect(response.headers.get('location')).toBe('https://verity.example.com/profiles')
  })
})

describe('the environment', () => {
  const production = {
    ...upstream,
    NODE_ENV: 'production',
    OIDC_ISSUER: 'https://id.example.com',
    OIDC_CLIENT_ID: 'verity',
    OIDC_CLIENT_SECRET: 'client-secret',
    SESSION_SECRET: 'x'.repeat(32),
    AUTH_ALLOWED_EMAIL_DOMAINS: 'example.com',
    AUDIT_HMAC_KEY: 'k'.repeat(32),
  }

  it('needs APP_URL or TRUSTED_PROXIES in production with sign-in, and says so', () => {
    expect(errorOf(production)).toContain('APP_URL or TRUSTED_PROXIES is required in production')
    expect(errorOf({ ...production, APP_URL: 'https://verity.example.com' })).toBeNull()
    expect(errorOf({ ...production, TRUSTED_PROXIES: '10.0.0.0/8' })).toBeNull()
    // The demo on simulated data, and a server without sign-in, need neither.
    expect(errorOf({ ...production, VERITY_DEMO: 'true' })).toBeNull()
    expect(errorOf({ ...upstream, ...production, AUTH_DISABLED: 'true' })).toBeNull()
  })

  it('refuses a TRUSTED_PROXIES entry that is not an address or a range', () => {
    for (const bad of ['proxy.internal', '10.0.0.0/33', '10.0.0.1/8/1', '::1/129']) {
      expect(errorOf({ ...upstream, TRUSTED_PROXIES: bad })).toContain('TRUSTED_PROXIES must be')
    }
  })
})
