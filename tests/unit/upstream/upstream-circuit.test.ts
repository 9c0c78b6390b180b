import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'

import type * as ProblemModule from '@/lib/api/problem'
import type * as HealthRoute from '@/app/api/health/route'
import {
  createCircuitBreaker,
  FAILURE_THRESHOLD,
  FAILURE_WINDOW_MS,
  RESOURCE_THRESHOLD,
  type CircuitBreaker,
} from '@/lib/upstream/circuit-breaker'
import type * as ClientModule from '@/lib/upstream/client'
import type { UpstreamError } from '@/lib/upstream/errors'

import { stubEnv } from '@/tests/unit/helpers/env'
import {
  inTurn,
  json,
  reset,
  sendJson,
  startFakeUpstream,
  status,
  type FakeUpstream,
} from '@/tests/unit/helpers/fake-upstream'
import { withAppStore } from '@/tests/unit/helpers/test-store'

describe('the circuit breaker on its own', () => {
  function breaker() {
    let clock = 1_000_000
    const circuit = createCircuitBreaker({ coolOffMs: 10_000, now: () => clock })
    return { circuit, tick: (ms: number) => (clock += ms) }
  }

  /** Opens a circuit as a dead upstream does. */
  function kill(circuit: CircuitBreaker) {
    for (let n = 0; n < FAILURE_THRESHOLD; n++) circuit.record('timeout', '/api/v3/profiles')
  }

  it(`opens after ${FAILURE_THRESHOLD} attempts in a row without an answer, and refuses until the cool-off ends`, () => {
    const { circuit, tick } = breaker()
    for (let n = 1; n < FAILURE_THRESHOLD; n++) {
      expect(circuit.admit()).toBe(true)
      circuit.record('timeout', `/api/v3/verifications/short/V${n}`)
    }
    expect(circuit.snapshot()).toEqual({ state: 'closed', failures: FAILURE_THRESHOLD - 1 })
    expect(circuit.admit()).toBe(true)
    circuit.record('unreachable', '/api/v3/verifications/short/V0')
    expect(circuit.snapshot()).toMatchObject({
      state: 'open',
      retryInSeconds: 10,
      openedBy: 'unreachable',
    })
    expect(circuit.admit()).toBe(false)
    tick(9_999)
    expect(circuit.admit()).toBe(false)
  })

  it('stays closed however often one record answers with an error', () => {
    const { circuit } = breaker()
    for (let n = 0; n < 30; n++) circuit.record('unavailable', '/api/v3/aml/search/history/broken')
    expect(circuit.snapshot()).toMatchObject({ state: 'closed' })
    expect(circuit.admit()).toBe(true)
    // A second broken record is still not the service.
    for (let n = 0; n < 3; n++) circuit.record('unavailable', '/api/v3/aml/search/history/other')
    expect(circuit.snapshot()).toMatchObject({ state: 'closed' })
  })

  it(`opens when ${RESOURCE_THRESHOLD} different resources answer with errors within the window`, () => {
    const { circuit } = breaker()
    for (let n = 1; n < RESOURCE_THRESHOLD; n++) circuit.record('unavailable', `/api/v3/r/${n}`)
    expect(circuit.snapshot().state).toBe('closed')
    circuit.record('unavailable', '/api/v3/profiles')
    expect(circuit.snapshot()).toMatchObject({ state: 'open', openedBy: 'unavailable' })
    expect(circuit.admit()).toBe(false)
  })

  it('forgets error answers older than the window', () => {
    const { circuit, tick } = breaker()
    for (let n = 1; n < RESOURCE_THRESHOLD; n++) circuit.record('unavailable', `/api/v3/r/${n}`)
    tick(FAILURE_WINDOW_MS + 1)
    circuit.record('unavailable', '/api/v3/profiles')
    expect(circuit.snapshot().state).toBe('closed')
  })

  it('counts an error answer as an answer: it breaks a run of attempts without one', () => {
    const { circuit } = breaker()
    for (let n = 1; n < FAILURE_THRESHOLD; n++) circuit.record('timeout', '/api/v3/profiles')
    circuit.record('unavailable', '/api/v3/aml/search/history/broken')
    circuit.record('timeout', '/api/v3/profiles')
    expect(circuit.snapshot().state).toBe('closed')
  })

  it('lets one trial through after the cool-off, and closes when it succeeds', () => {
    const { circuit, tick } = breaker()
    kill(circuit)
    tick(10_000)
    expect(circuit.snapshot().state).toBe('half_open')
    expect(circuit.admit()).toBe(true)
    // Everyone else waits for the trial.
    expect(circuit.admit()).toBe(false)
    circuit.record('ok', '/api/v3/profiles')
    expect(circuit.snapshot()).toEqual({ state: 'closed', failures: 0 })
    expect(circuit.admit()).toBe(true)
  })

  it('opens again for a whole cool-off when the trial fails', () => {
    const { circuit, tick } = breaker()
    kill(circuit)
    tick(10_000)
    expect(circuit.admit()).toBe(true)
    circuit.record('unavailable', '/api/v3/profiles')
    expect(circuit.snapshot()).toMatchObject({ state: 'open', retryInSeconds: 10 })
    expect(circuit.admit()).toBe(false)
  })

  it('sends another trial when one never comes back', () => {
    const { circuit, tick } = breaker()
    kill(circuit)
    tick(10_000)
    expect(circuit.admit()).toBe(true)
    tick(10_000)
    expect(circuit.admit()).toBe(true)
  })

  it('closes at once on a probe that went around it and got an answer', () => {
    const { circuit } = breaker()
    kill(circuit)
    expect(circuit.openedAt()).not.toBeNull()
    circuit.observe('timeout', '/api/v3/profiles')
    expect(circuit.snapshot().state).toBe('open')
    circuit.observe('ok', '/api/v3/profiles')
    expect(circuit.snapshot()).toEqual({ state: 'closed', failures: 0 })
    expect(circuit.openedAt()).toBeNull()
    expect(circuit.admit()).toBe(true)
  })

  it.each(['not_found', 'unauthorized', 'rate_limited', 'bad_response', 'bad_request'] as const)(
    'takes a %s answer as a sign of life: it resets the count',
    (kind) => {
      const { circuit } = breaker()
      for (let n = 1; n < FAILURE_THRESHOLD; n++) circuit.record('timeout', '/api/v3/profiles')
      for (let n = 1; n < RESOURCE_THRESHOLD; n++) circuit.record('unavailable', `/api/v3/r/${n}`)
      circuit.record(kind, '/api/v3/profiles')
      circuit.record('timeout', '/api/v3/profiles')
      circuit.record('unavailable', '/api/v3/r/last')
      expect(circuit.snapshot()).toEqual({ state: 'closed', failures: 2 })
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

  // /api/health also reports the history mirror, from the app's store.
  withAppStore()

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

  // The one the reads go through (globalThis: set afresh before each test).
  const circuit = {
    snapshot: () =>
      (globalThis as Record<symbol, CircuitBreaker | undefined>)[
        Symbol.for('verity.upstream-circuit')
      ]?.snapshot() ?? { state: 'closed', failures: 0 },
  }

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
  const probes = () =>
    fake.requests.filter((r) => r.url === '/api/v3/profiles?page=0&limit=1').length

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

  /** The same reads for three different records: a path per id, as the report reads are. */
  const recordRead = (id: string) =>
    client.upstreamGet(`/api/v3/aml/search/history/${id}`, z.object({}).loose())
  const hits = (id: string) => fake.requests.filter((r) => r.url.endsWith(`/${id}`)).length

  /** Opens the circuit as a dead upstream does: one call's attempts, each connection dropped. */
  async function openByResets() {
    fake.handle(reset)
    expect((await failureOf(read)).kind).toBe('unreachable')
    expect(circuit.snapshot().state).toBe('open')
  }

  it('one record that keeps answering 500 fails alone: other reads go on, and /api/health agrees', async () => {
    fake.handle((request, response) =>
      request.url?.endsWith('/broken')
        ? sendJson(response, 500, { error: 'internal' })
        : sendJson(response, 200, { data: [] }),
    )
    for (let n = 0; n < 5; n++) {
      const response = await problems.respond(() => recordRead('broken'))
      expect(response.status).toBe(502)
      expect(((await response.json()) as { type: string }).type).toBe('about:blank#unavailable')
    }
    // Each of the record's reads spent its own retries: the circuit never held one back.
    expect(hits('broken')).toBe(15)
    await expect(read()).resolves.toEqual({ data: [] })
    await expect(recordRead('fine')).resolves.toEqual({ data: [] })
    const body = await healthBody()
    expect(body.circuit).toMatchObject({ state: 'closed' })
    expect(body.upstream.ok).toBe(true)
  })

  it('opens when records across the service answer with errors, and /api/health says so', async () => {
    fake.handle(status(503))
    for (const id of ['one', 'two'])
      expect((await failureOf(() => recordRead(id))).kind).toBe('unavailable')
    expect(circuit.snapshot().state).toBe('closed')
    // The third record's first error opens the circuit, and its own retries stop there.
    expect((await failureOf(() => recordRead('three'))).kind).toBe('circuit_open')
    expect(hits('three')).toBe(1)
    const before = fake.requests.length
    const held = await failureOf(read)
    expect(held.kind).toBe('circuit_open')
    expect(held.openedBy).toBe('unavailable')
    expect(fake.requests.length).toBe(before)
    // The probe, which goes around the circuit, meets the same errors: both say the upstream fails.
    const body = await healthBody()
    expect(body.circuit).toMatchObject({ state: 'open', openedBy: 'unavailable' })
    expect(body.upstream).toMatchObject({ ok: false, kind: 'unavailable' })
  })

  it('fails fast while open, answers 503 with Retry-After, and says what kind of failure it was', async () => {
    await openByResets()
    const started = performance.now()
    const response = await problems.respond(read)
    // analystReads() below proves no request went out; the time only has to be far below one
    // retried attempt (backoff alone is 200 ms), with room for a loaded CI machine.
    expect(performance.now() - started).toBeLessThan(400)
    expect(response.status).toBe(503)
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    const body = (await response.json()) as { type: string; detail: string }
    expect(body.type).toBe('about:blank#circuit_open')
    expect(body.detail).toContain('could not be reached several times in a row')
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

  it('never says the upstream is fine while the circuit holds analysts back: it probes again', async () => {
    fake.handle(json({ data: [], has_next: false }))
    expect((await healthBody()).upstream.ok).toBe(true)
    await openByResets()
    // The last probe is older than the opening, so it is not the answer: a new one is made.
    const body = await healthBody()
    expect(body.circuit).toMatchObject({ state: 'open', openedBy: 'unreachable' })
    expect(body.upstream).toMatchObject({ ok: false, kind: 'unreachable' })
    // Once per opening: the next answers come from that probe.
    const before = probes()
    await healthBody()
    expect(probes()).toBe(before)
  })

  it('closes when the health probe reaches the upstream: /api/health and analysts agree', async () => {
    await openByResets()
    fake.handle(json({ data: [], has_next: false }))
    const body = await healthBody()
    expect(body.upstream.ok).toBe(true)
    expect(body.circuit).toEqual({ state: 'closed', failures: 0 })
    await expect(read()).resolves.toEqual({ data: [] })
  })

  it('closes by itself: after the cool-off one trial goes through, and its success closes it', async () => {
    fake.handle(inTurn(reset, reset, reset, json({ data: [] })))
    await failureOf(read)
    expect((await failureOf(read)).kind).toBe('circuit_open')
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    expect(circuit.snapshot().state).toBe('half_open')
    await expect(read()).resolves.toEqual({ data: [] })
    expect(analystReads()).toBe(4)
    expect(circuit.snapshot()).toEqual({ state: 'closed', failures: 0 })
    await expect(read()).resolves.toEqual({ data: [] })
  })
})
