import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'

import { expect, test } from '@playwright/test'

import { exampleIds } from '@/lib/demo/example-ids'
import { startSimulator, type Simulator } from '@/simulator/server/server'
import { startApp, type AppInstance } from '@/tests/e2e/support/app-instance'
import { rawRequest } from '@/tests/e2e/support/raw-request'

/*
 * Hostile requests against the route handlers. Each case checks the answer and that the upstream
 * (a simulator of this file's own) received nothing it should not have.
 */

const KEY = 'canary-hostile-key-7f3a'
let sim: Simulator
let app: AppInstance

test.beforeAll(async () => {
  sim = await startSimulator({ apiKey: KEY })
  app = await startApp({ DS_API_BASE_URL: sim.url, DS_API_KEY: KEY, DS_API_TIMEOUT_MS: '2000' })
})

test.afterAll(async () => {
  await app?.stop()
  await sim?.close()
})

const upstreamRequests = async () =>
  ((await (await fetch(`${sim.url}/__sim/stats`)).json()) as { requests: number }).requests

const hostilePaths = [
  '/api/profiles/..%2F..%2Fprofiles',
  '/api/profiles/%2e%2e',
  '/api/profiles/%2e%2e%2f%2e%2e%2fnotifications',
  '/api/verifications/short/..%2F..%2Fprofiles',
  '/api/verifications/short/a%2Fb',
  '/api/verifications/short/a%252Fb',
  '/api/verifications/short/abc%00def',
  '/api/verifications/short/http:%2F%2F169.254.169.254',
  '/api/verifications/short/%2F%2Fevil.example',
  `/api/verifications/short/${'V'.repeat(65)}`,
  `/api/verifications/short/${'A'.repeat(5000)}`,
  '/api/aml/search/history/..%2F..%2Fprofiles',
  '/api/aml/search/history/not-a-uuid',
  '/api/profiles?page=-1',
  '/api/profiles?limit=1000000',
  '/api/webhooks/history?after=..%2F..%2Fprofiles',
  '/api/webhooks/history?webhook_id=http://169.254.169.254/',
  '/api/webhooks/history/timeline?after=..%2F..%2Fprofiles',
  '/api/webhooks/history/records/..%2F..%2Fprofiles',
  '/api/webhooks/history/records/not-a-uuid?after=http://169.254.169.254/',
]

for (const path of hostilePaths) {
  test(`GET ${path.slice(0, 70)} – refused without an upstream call`, async () => {
    const before = await upstreamRequests()
    const response = await rawRequest(app.url, path)
    // Next.js answers dot segments with a redirect to the normalised path on the same origin.
    expect([400, 404, 308]).toContain(response.status)
    if (response.status === 308) expect(response.headers.location ?? '').toMatch(/^\/(?!\/)/)
    expect(response.body).not.toContain(KEY)
    expect(await upstreamRequests()).toBe(before)
  })
}

for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
  test(`${method} /api/profiles – 405 without an upstream call`, async () => {
    const before = await upstreamRequests()
    const response = await rawRequest(app.url, '/api/profiles', {
      method,
      headers: { origin: app.url },
    })
    expect(response.status).toBe(405)
    expect(await upstreamRequests()).toBe(before)
  })
}

// Every state-changing request, to an endpoint that exists or not, is refused unless it comes from
// Verity's own pages (proxy.ts for pages, lib/api/gate.ts for the API, lib/api/same-origin.ts).
const crossSite: [string, string, Record<string, string>][] = [
  ['POST', '/auth/sign-out', {}],
  ['POST', '/auth/sign-out', { 'sec-fetch-site': 'cross-site' }],
  ['POST', '/auth/sign-out', { origin: 'https://evil.example' }],
  ['POST', '/api/reveal', { origin: 'null' }],
  ['POST', '/api/reveal', { 'sec-fetch-site': 'same-site', origin: 'https://sub.127.0.0.1' }],
  ['POST', '/api/exports/aml', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
  ['PUT', '/api/decisions/1', {}],
  ['DELETE', '/api/notes/1', { origin: 'http://127.0.0.1.evil.example' }],
]

for (const [method, path, headers] of crossSite) {
  test(`${method} ${path} with ${JSON.stringify(headers)} – 403 problem+json`, async () => {
    const before = await upstreamRequests()
    const response = await rawRequest(app.url, path, { method, headers })
    expect(response.status).toBe(403)
    expect(response.headers['content-type']).toContain('application/problem+json')
    expect(JSON.parse(response.body)).toMatchObject({ type: 'about:blank#cross_site' })
    expect(await upstreamRequests()).toBe(before)
  })
}

test('sign-out from Verity’s own page still works (Sec-Fetch-Site: same-origin, Origin: null)', async () => {
  const response = await rawRequest(app.url, '/auth/sign-out', {
    method: 'POST',
    headers: { 'sec-fetch-site': 'same-origin', origin: 'null' },
  })
  expect(response.status).toBe(303)
  expect(response.headers.location).toContain('/auth/sign-in?signedOut=1')
})

test('GET /api/nothing-here – 404 problem+json', async () => {
  const response = await rawRequest(app.url, '/api/nothing-here')
  expect(response.status).toBe(404)
  expect(response.headers['content-type']).toContain('application/problem+json')
})

test('a note with a NUL byte – 400 saying why, and nothing is stored', async () => {
  const id = exampleIds.amlRichId
  const post = (body: string) =>
    fetch(`${app.url}/api/notes`, {
      method: 'POST',
      headers: { origin: app.url, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'aml_search', id, body }),
    })
  const refused = await post('Seen \u0000 before')
  expect(refused.status).toBe(400)
  expect(await refused.json()).toMatchObject({
    detail: 'The note must not contain control characters.',
  })
  const stored = async () =>
    (await (await fetch(`${app.url}/api/notes?type=aml_search&id=${id}`)).json()) as unknown[]
  expect(await stored()).toEqual([])
  expect((await post('A plain note afterwards.')).status).toBe(200)
  expect(await stored()).toHaveLength(1)
})

test('client credentials, cookies and x-forwarded-* headers are never forwarded upstream', async () => {
  const response = await rawRequest(app.url, `/api/profiles/${exampleIds.defaultProfileId}`, {
    headers: {
      'ds-api-token': 'client-supplied-token',
      cookie: 'session=secret-cookie',
      'x-forwarded-for': '203.0.113.9',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
      authorization: 'Bearer client-token',
    },
  })
  expect(response.status).toBe(200)
  const stats = (await (await fetch(`${sim.url}/__sim/stats`)).json()) as {
    lastHeaders: Record<string, string>
  }
  const sent = stats.lastHeaders
  // The simulator reports the token by its length: ours, not the client's.
  expect(sent['ds-api-token']).toBe(String(KEY.length))
  for (const name of [
    'cookie',
    'authorization',
    'x-forwarded-for',
    'x-forwarded-host',
    'x-forwarded-proto',
  ]) {
    expect(sent[name], name).toBeUndefined()
  }
})

test.describe('a hostile upstream', () => {
  let listener: Server
  let listenerHits = 0
  let listenerUrl = ''

  test.beforeAll(async () => {
    listener = createServer((req, res) => {
      listenerHits++
      res.end(JSON.stringify({ headers: req.headers }))
    })
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
    const address = listener.address()
    listenerUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  })

  test.afterAll(async () => {
    await fetch(`${sim.url}/__sim/reset`, { method: 'POST' })
    await new Promise((resolve) => listener.close(resolve))
  })

  const fault = (body: object) =>
    fetch(`${sim.url}/__sim/fault`, { method: 'POST', body: JSON.stringify(body) })

  test('a redirect to another listener – 502, and the listener never sees the key', async () => {
    await fault({ mode: 'redirect', location: `${listenerUrl}/steal` })
    const response = await rawRequest(app.url, `/api/profiles/${exampleIds.defaultProfileId}`)
    await fault({ mode: 'none' })
    expect(response.status).toBe(502)
    expect(response.body).not.toContain(KEY)
    expect(listenerHits).toBe(0)
  })

  test('a body far over the size cap – 502, and memory stays flat', async () => {
    const rss = () => readRss(app.pid)
    const before = rss()
    await fault({ mode: 'oversize' })
    for (let i = 0; i < 3; i++) {
      const started = Date.now()
      const response = await rawRequest(app.url, `/api/profiles/${exampleIds.defaultProfileId}`)
      expect(response.status).toBe(502)
      expect(Date.now() - started).toBeLessThan(5_000)
    }
    await fault({ mode: 'none' })
    expect(rss() - before).toBeLessThan(150 * 1024 * 1024)
  })

  // A byte every 200 ms: the whole body would take minutes, so a margin for a busy machine is safe.
  test('a body that trickles – 504 within the timeout and a margin', async () => {
    await fault({ mode: 'trickle', ms: 200 })
    const started = Date.now()
    const response = await rawRequest(app.url, `/api/profiles/${exampleIds.defaultProfileId}`)
    await fault({ mode: 'none' })
    expect(response.status).toBe(504)
    expect(Date.now() - started).toBeLessThan(2_000 + 3_000)
  })
})

function readRss(pid: number): number {
  try {
    // Linux only, like the machines this runs on; 0 elsewhere keeps the check neutral.
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
    return kb * 1024
  } catch {
    return 0
  }
}
