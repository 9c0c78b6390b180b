import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'

import type * as ProblemModule from '@/lib/api/problem'
import type * as HealthRoute from '@/app/api/health/route'
import { createCircuitBreaker, FAILURE_THRESHOLD } from '@/lib/upstream/circuit-breaker'
import type * as ClientModule from '@/lib/upstream/client'
import type { UpstreamError } from '@/lib/upstream/errors'

import { stubEnv } from '@/tests/unit/helpers/env'
import {
  inTurn,
  json,
  startFakeUpstream,
  status,
  type FakeUpstream,
} from '@/tests/unit/helpers/fake-upstream'

describe('the circuit breaker on its own', () => {
  function breaker() {
    let clock = 1_000_000
    const circuit = createCircuitBreaker({ coolOffMs: 10_000, now: () => clock })
    return { circuit, tick: (ms: number) => (clock += ms) }
  }

  it(`opens after ${FAILURE_THRESHOLD} failed attempts in a row and refuses until the cool-off ends`, () => {
    const { circuit, tick } = breaker()
    for (let n = 1; n < FAILURE_THRESHOLD; n++) {
      expect(circuit.admit()).toBe(true)
      circuit.record('unavailable')
    }
    expect(circuit.snapshot()).toEqual({ state: 'closed', failures: FAILURE_THRESHOLD - 1 })
    expect(circuit.admit()).toBe(true)
    circuit.record('unreachable')
    expect(circuit.snapshot()).toMatchObject({
      state: 'open',
      retryInSeconds: 10,
      openedBy: 'unreachable',
    })
    expect(circuit.admit()).toBe(false)
    tick(9_999)
    expect(circuit.admit()).toBe(false)
  })

  it('lets one trial through after the cool-off, and closes when it succeeds', () => {
    const { circuit, tick } = breaker()
    for (let n = 0; n < FAILURE_THRESHOLD; n++) circuit.record('timeout')
    tick(10_000)
    expect(circuit.snapshot().state).toBe('half_open')
    expect(circuit.admit()).toBe(true)
    // Everyone else waits for the trial.
    expect(circuit.admit()).toBe(false)
    circuit.record('ok')
    expect(circuit.snapshot()).toEqual({ state: 'closed', failures: 0 })
    expect(circuit.admit()).toBe(true)
  })

  it('opens again for a whole cool-off when the trial fails', () => {
    const { circuit, tick } = breaker()
    for (let n = 0; n < FAILURE_THRESHOLD; n++) circuit.record('unavailable')
    tick(10_000)
    expect(circuit.admit()).toBe(true)
    circuit.record('unavailable')
    expect(circuit.snapshot()).toMatchObject({ state: 'open', retryInSeconds: 10 })
    expect(circuit.admit()).toBe(false)
  })

  it('sends another trial when one never comes back', () => {
    const { circuit, tick } = breaker()
    for (let n = 0; n < FAILURE_THRESHOLD; n++) circuit.record('unavailable')
    tick(10_000)
    expect(circuit.admit()).toBe(true)
    tick(10_000)
    expect(circuit.admit()).toBe(true)
  })

  it.each(['not_found', 'unauthorized', 'rate_limited', 'bad_response', 'bad_request'] as const)(
    'takes a %s answer as a sign of life: it resets the count',
    (kind) => {
      const { circuit } = breaker()
      for (let n = 1; n < FAILURE_THRESHOLD; n++) circuit.record('unavailable')
      circuit.record(kind)
      circuit.record('unavailable')
      expect(circuit.snapshot()).toEqual({ state: 'closed', failures: 1 })
    },
  )
})

describe('the circuit around upstream reads', () => {
  const KEY = 'circuit-test-key'
  const page = z.object({ data: z.array(z.unknown()) })
  let fake: FakeUpstream
  let client: typeof ClientModule
  let problems: typeof ProblemModule
  let health: typeof HealthRoute

  beforeAll(async () => {
    fake = await startFakeUpstream()
    stubEnv({
      DS_API_BASE_URL: fake.url,
      DS_API_KEY: KEY,
      DS_API_TIMEOUT_MS: '2000',
      DS_API_BREAKER_COOLOFF_MS: '1000',
    })
    client = await import('@/lib/upstream/client')
    problems = await import('@/lib/api/problem')
    health = await import('@/app/api/health/route')
  })

  afterAll(async () => {
    vi.unstubAllEnvs()
    await fake.close()
  })

  beforeEach(() => {
    fake.reset()
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  })

  const read = () => client.upstreamGet('/api/v3/profiles', page, { page: 0, limit: 10 })
  const analystReads = () => fake.requests.filter((r) => r.url.includes('limit=10')).length

  async function failureOf(call: () => Promise<unknown>): Promise<UpstreamError> {
    try {
      await call()
    } catch (error) {
      return error as UpstreamError
    }
    throw new Error('expected the call to fail')
  }

  async function healthBody() {
    return (await (await health.GET()).json()) as {
      upstream: { ok: boolean; kind?: string }
      circuit: { state: string; retryInSeconds?: number; openedBy?: string }
    }
  }

  it('a page load against a failing upstream (the server, then the browser) makes one call’s attempts, not two', async () => {
    fake.handle(status(503))
    // The server render's read, then the browser asking the route handler.
    expect((await failureOf(read)).kind).toBe('unavailable')
    const second = await failureOf(read)
    expect(analystReads()).toBe(3)
    expect(second.kind).toBe('circuit_open')
    expect(second.openedBy).toBe('unavailable')
  })

  it('fails fast while open, answers 503 with Retry-After, and says what kind of failure it was', async () => {
    fake.handle(status(502))
    await failureOf(read)
    const started = performance.now()
    const response = await problems.respond(read)
    expect(performance.now() - started).toBeLessThan(50)
    expect(response.status).toBe(503)
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    const body = (await response.json()) as { type: string; detail: string }
    expect(body.type).toBe('about:blank#circuit_open')
    expect(body.detail).toContain('answered with errors')
    expect(analystReads()).toBe(3)
  })

  it('says an unreachable upstream is unreachable, apart from one that answers with an error', async () => {
    await fake.stop()
    try {
      const response = await problems.respond(() =>
        client.upstreamGet('/api/v3/profiles', page, {}, { maxAttempts: 1 }),
      )
      const body = (await response.json()) as { type: string; title: string; detail: string }
      expect(body).toMatchObject({ type: 'about:blank#unreachable', title: 'Upstream unreachable' })
      expect(body.detail).toContain('could not be reached')
    } finally {
      await fake.start()
    }
    fake.handle(status(500))
    const response = await problems.respond(() =>
      client.upstreamGet('/api/v3/profiles', page, {}, { maxAttempts: 1 }),
    )
    const body = (await response.json()) as { type: string; detail: string }
    expect(body.type).toBe('about:blank#unavailable')
    expect(body.detail).toContain('answered with an error (HTTP 500)')
  })

  it('is reported open by /api/health, whose own probe still reaches the upstream', async () => {
    fake.handle(status(503))
    await failureOf(read)
    fake.handle(json({ data: [], has_next: false }))
    const body = await healthBody()
    expect(body.circuit).toMatchObject({ state: 'open', openedBy: 'unavailable' })
    expect(body.circuit.retryInSeconds).toBeGreaterThanOrEqual(1)
    // The probe goes around the circuit: it tells whether the upstream is back.
    expect(body.upstream.ok).toBe(true)
  })

  it('closes by itself: after the cool-off one trial goes through, and its success closes it', async () => {
    fake.handle(inTurn(status(503), status(503), status(503), json({ data: [] })))
    await failureOf(read)
    expect((await failureOf(read)).kind).toBe('circuit_open')
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    expect((await healthBody()).circuit.state).toBe('half_open')
    await expect(read()).resolves.toEqual({ data: [] })
    expect(analystReads()).toBe(4)
    expect((await healthBody()).circuit).toEqual({ state: 'closed', failures: 0 })
    await expect(read()).resolves.toEqual({ data: [] })
  })
})
