import type { ServerResponse } from 'node:http'

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'

import type * as HealthRoute from '@/app/api/health/route'
import type * as ClientModule from '@/lib/upstream/client'

import { stubEnv } from '@/tests/unit/helpers/env'
import {
  sendJson,
  startFakeUpstream,
  status,
  type FakeUpstream,
} from '@/tests/unit/helpers/fake-upstream'
import { withAppStore } from '@/tests/unit/helpers/test-store'

/*
 * /api/health is public: however often it is called, the upstream sees at most one probe per
 * interval, and the probe has a connection of its own, so analysts' reads never hold it up.
 */

const KEY = 'probe-test-key'
const PROBE_PATH = '/api/v3/profiles?page=0&limit=1'
let fake: FakeUpstream
let health: typeof HealthRoute
let client: typeof ClientModule

// The route also reports the history mirror, from the app's store.
withAppStore()

beforeAll(async () => {
  fake = await startFakeUpstream()
  stubEnv({ DS_API_BASE_URL: fake.url, DS_API_KEY: KEY, DS_API_TIMEOUT_MS: '5000' })
  health = await import('@/app/api/health/route')
  client = await import('@/lib/upstream/client')
})

afterAll(async () => {
  vi.unstubAllEnvs()
  await fake.close()
})

beforeEach(() => {
  fake.reset()
  fake.handle((_request, response) => sendJson(response, 200, { data: [], has_next: false }))
})

afterEach(() => {
  vi.useRealTimers()
})

type Health = { status: string; upstream: { ok: boolean; latencyMs: number; checkedAt: string } }
const probes = () => fake.requests.filter((r) => r.url === PROBE_PATH).length
const check = async () => (await (await health.GET()).json()) as Health

describe('GET /api/health', () => {
  it('reports ok and a latency when the upstream answers, with one cheap call', async () => {
    const answer = await check()
    expect(answer).toMatchObject({ status: 'ok', upstream: { ok: true } })
    expect(answer.upstream.latencyMs).toBeGreaterThanOrEqual(0)
    expect(fake.requests.map((r) => r.url)).toEqual([PROBE_PATH])
    expect(fake.requests[0]?.headers['ds-api-token']).toBe(KEY)
  })

  it('tries once and reports the kind of failure', async () => {
    fake.handle(status(503))
    await expect(check()).resolves.toMatchObject({ upstream: { ok: false, kind: 'unavailable' } })
    expect(fake.requests).toHaveLength(1)
  })

  it('answers many callers at once with one probe', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, check))
    expect(probes()).toBe(1)
    expect(new Set(answers.map((answer) => answer.upstream.checkedAt)).size).toBe(1)
    expect(answers.every((answer) => answer.upstream.ok)).toBe(true)
  })

  it('answers from the last probe for 15 s, then probes again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const first = await check()
    for (let n = 0; n < 5; n++) await check()
    vi.setSystemTime(Date.now() + 14_000)
    expect((await check()).upstream.checkedAt).toBe(first.upstream.checkedAt)
    expect(probes()).toBe(1)
    vi.setSystemTime(Date.now() + 1_000)
    expect((await check()).upstream.checkedAt).not.toBe(first.upstream.checkedAt)
    expect(probes()).toBe(2)
  })

  it('probes on a connection of its own, never queued behind analysts’ reads', async () => {
    // Every connection of the shared pool is taken by a read the upstream is slow to answer.
    const held: ServerResponse[] = []
    fake.handle((request, response) => {
      if (request.url === PROBE_PATH) return sendJson(response, 200, { data: [], has_next: false })
      held.push(response)
    })
    const page = z.object({ data: z.array(z.unknown()) })
    const reads = Array.from({ length: 64 }, (_, n) =>
      client.upstreamGet('/api/v3/profiles', page, { page: n, limit: 10 }, { maxAttempts: 1 }),
    )
    await vi.waitFor(() => expect(held).toHaveLength(64), { timeout: 10_000 })
    try {
      const started = performance.now()
      const answer = await check()
      expect(answer.upstream.ok).toBe(true)
      expect(performance.now() - started).toBeLessThan(1_000)
      const probe = fake.requests.find((r) => r.url === PROBE_PATH)
      const analysts = new Set(fake.requests.filter((r) => r !== probe).map((r) => r.socketId))
      expect(analysts.has(probe?.socketId ?? -1)).toBe(false)
    } finally {
      for (const response of held) sendJson(response, 200, { data: [] })
      await Promise.allSettled(reads)
    }
  })
})
