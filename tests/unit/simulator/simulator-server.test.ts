import { request } from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildDataset } from '@/simulator/data/dataset'
import { exampleIds } from '@/lib/demo/example-ids'
import { startSimulator, type Simulator } from '@/simulator/server/server'

const API_KEY = 'test-key'
const dataset = buildDataset()
let sim: Simulator

beforeAll(async () => {
  sim = await startSimulator({ apiKey: API_KEY, dataset })
})
afterAll(async () => {
  await sim.close()
})
beforeEach(async () => {
  await fetch(`${sim.url}/__sim/reset`, { method: 'POST' })
})

const get = (path: string, token: string | null = API_KEY) =>
  fetch(`${sim.url}${path}`, {
    headers: token === null ? {} : { 'ds-api-token': token },
    redirect: 'manual',
  })

const fault = (body: Record<string, unknown>) =>
  fetch(`${sim.url}/__sim/fault`, { method: 'POST', body: JSON.stringify(body) })

type Page = {
  data: Array<{ id: string; profile_id: string; webhook_id: string }>
  has_next: boolean
}

describe('simulator server: endpoints', () => {
  it('answers 401 without or with a wrong token', async () => {
    for (const token of [null, 'wrong']) {
      const res = await get('/api/v3/profiles', token)
      expect(res.status).toBe(401)
      expect(await res.json()).toMatchObject({ error: 'unauthorized' })
    }
  })

  it('serves each resource by id and 404s unknown ones', async () => {
    const ok = [
      `/api/v3/profiles/${exampleIds.richProfileId}`,
      `/api/v3/verifications/short/${exampleIds.shortIds.verified}`,
      `/api/v3/aml/search/history/${exampleIds.amlBigId}`,
    ]
    for (const path of ok) expect((await get(path)).status).toBe(200)
    const big = (await (await get(ok[2] ?? '')).json()) as { data: unknown[] }
    expect(big.data).toHaveLength(1000)
    for (const path of [
      '/api/v3/profiles/nope',
      '/api/v3/verifications/short/V0000000000000000',
      '/api/v3/aml/search/history/x',
      '/api/v3/unknown',
    ]) {
      const res = await get(path)
      expect(res.status).toBe(404)
      expect(await res.json()).toHaveProperty('error', 'not_found')
    }
    expect((await fetch(`${sim.url}/api/v3/profiles`, { method: 'DELETE' })).status).toBe(405)
  })

  it('rejects bad paging with 400', async () => {
    for (const query of ['page=-1', 'page=abc', 'limit=0', 'limit=1001', 'limit=1.5', 'page=']) {
      expect((await get(`/api/v3/profiles?${query}`)).status, query).toBe(400)
    }
    expect((await get('/api/v3/notifications/webhook/history?limit=0')).status).toBe(400)
  })

  it('pages through all profiles exactly once', async () => {
    const seen: string[] = []
    let page = 0
    for (;;) {
      const body = (await (await get(`/api/v3/profiles?page=${page}&limit=7`)).json()) as Page
      seen.push(...body.data.map((p) => p.profile_id))
      if (!body.has_next) break
      page++
    }
    expect(seen).toEqual(dataset.profiles.map((p) => p.profile_id))
    const first = (await (await get('/api/v3/profiles')).json()) as Page
    expect(first.data).toHaveLength(10)
  })

  it('cursor-pages the history without duplicates, and filters by webhook', async () => {
    const walk = async (filter: string) => {
      const ids: string[] = []
      let after = ''
      for (;;) {
        const body = (await (
          await get(
            `/api/v3/notifications/webhook/history?${filter}${after ? `&after=${after}` : ''}`,
          )
        ).json()) as Page
        ids.push(...body.data.map((r) => r.id))
        if (!body.has_next) return { ids, webhooks: new Set(body.data.map((r) => r.webhook_id)) }
        after = ids[ids.length - 1] ?? ''
      }
    }
    const all = await walk('')
    expect(all.ids).toEqual(dataset.webhookHistory.map((r) => r.id))
    const webhookId = exampleIds.webhookIds[1]
    const expected = dataset.webhookHistory
      .filter((r) => r.webhook_id === webhookId)
      .map((r) => r.id)
    for (const param of ['webhook_id', 'webhook']) {
      const filtered = await walk(`${param}=${webhookId}&limit=13`)
      expect(filtered.ids).toEqual(expected)
    }
    expect((await get('/api/v3/notifications/webhook/history?after=unknown')).status).toBe(404)
  })

  it('reports stats with the token masked', async () => {
    await get('/api/v3/profiles')
    const stats = (await (await fetch(`${sim.url}/__sim/stats`)).json()) as {
      requests: number
      byPath: Record<string, number>
      lastHeaders: Record<string, string>
    }
    expect(stats.requests).toBe(1)
    expect(stats.byPath['/api/v3/profiles']).toBe(1)
    expect(stats.lastHeaders['ds-api-token']).toBe(String(API_KEY.length))
    expect(sim.stats.requests).toBe(1)
  })
})

describe('simulator server: faults', () => {
  it('status, for the next N requests only', async () => {
    await fault({ mode: 'status', status: 503, times: 2 })
    expect((await get('/api/v3/profiles')).status).toBe(503)
    expect((await get('/api/v3/profiles')).status).toBe(503)
    expect((await get('/api/v3/profiles')).status).toBe(200)
  })

  it('rate-limit with Retry-After', async () => {
    await fault({ mode: 'rate-limit', retryAfter: 3 })
    const res = await get('/api/v3/profiles')
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('3')
  })

  it('redirect', async () => {
    await fault({ mode: 'redirect', location: 'http://127.0.0.1:1/elsewhere', times: 1 })
    const res = await get('/api/v3/profiles')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('http://127.0.0.1:1/elsewhere')
  })

  it('truncate and reset break the response', async () => {
    await fault({ mode: 'truncate', times: 1 })
    await expect(get('/api/v3/profiles').then((r) => r.json())).rejects.toThrow()
    await fault({ mode: 'reset', times: 1 })
    await expect(get('/api/v3/profiles')).rejects.toThrow()
    expect((await get('/api/v3/profiles')).status).toBe(200)
  })

  it('bad-shape, latency and none', async () => {
    await fault({ mode: 'bad-shape', times: 1 })
    expect(await (await get('/api/v3/profiles')).json()).toEqual({ data: 'nope', has_next: false })
    await fault({ mode: 'latency', ms: 150 })
    const started = Date.now()
    expect((await get('/api/v3/profiles')).status).toBe(200)
    expect(Date.now() - started).toBeGreaterThanOrEqual(140)
    await fault({ mode: 'none' })
    expect((await get('/api/v3/profiles')).status).toBe(200)
    expect((await fault({ mode: 'explode' })).status).toBe(400)
  })

  it('trickle sends the body a byte at a time', async () => {
    await fault({ mode: 'trickle', ms: 20, times: 1 })
    const chunks = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${sim.url}/api/v3/profiles/nope`,
        { headers: { 'ds-api-token': API_KEY } },
        (res) => {
          let count = 0
          res.on('data', () => {
            if (++count < 3) return
            req.destroy()
            resolve(count)
          })
        },
      )
      req.on('error', reject)
      req.end()
    })
    expect(chunks).toBe(3)
  })

  it('oversize sends about 50 MB', async () => {
    await fault({ mode: 'oversize', times: 1 })
    const res = await get('/api/v3/profiles')
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(50_000_000)
    await res.body?.cancel()
  })

  it('knobs: error and rate-limit rates', async () => {
    const noisy = await startSimulator({
      apiKey: API_KEY,
      dataset,
      errorRate: 0.3,
      rateLimitRate: 0.3,
    })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 40; i++)
        statuses.push(
          (await fetch(`${noisy.url}/api/v3/profiles`, { headers: { 'ds-api-token': API_KEY } }))
            .status,
        )
      expect(new Set(statuses)).toEqual(new Set([200, 429, 500]))
    } finally {
      await noisy.close()
    }
  })
})
