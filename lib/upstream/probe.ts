import 'server-only'

import { Agent, type Dispatcher } from 'undici'

import {
  upstreamCircuit,
  type CircuitBreaker,
  type CircuitSnapshot,
  type Outcome,
} from '@/lib/upstream/circuit-breaker'
import { upstreamGet } from '@/lib/upstream/client'
import { UpstreamError } from '@/lib/upstream/errors'
import { profilePageSchema } from '@/lib/upstream/schemas'

/*
 * The readiness probe behind the public /api/health. It calls the upstream with the API key, so
 * it must not let anyone spend the upstream's rate limit: every hit is answered from the last
 * probe, which is refreshed at most every PROBE_INTERVAL_MS, with one probe in flight however many
 * hits wait for it. It goes over a connection of its own, so it never queues behind analysts'
 * reads in the shared pool (and they never wait for it), and around the circuit breaker, whose
 * state it reports beside it rather than being stopped by it. Its outcome is evidence for the
 * circuit too: a probe that gets an answer closes it. So that /api/health never says the upstream
 * is fine while analysts are refused, a circuit that opened after the last probe started is probed
 * again at once (at most once per opening), and the answer carries the circuit as it is after it.
 */

const PROBE_INTERVAL_MS = 15_000
const PROBE_TIMEOUT_MS = 2_000
const PROBE_PATH = '/api/v3/profiles'

type UpstreamProbe = {
  ok: boolean
  latencyMs: number
  /** Why it failed, as an error kind (`unreachable`, `unauthorized`, ...). */
  kind?: string
  /** When the probe this answer comes from started (ISO 8601). */
  checkedAt: string
}

type UpstreamHealth = { upstream: UpstreamProbe; circuit: CircuitSnapshot }

type ProbeState = {
  agent?: Dispatcher
  last?: { startedAt: number; result: UpstreamProbe }
  inFlight?: Promise<UpstreamProbe>
}

// Per process, like the pool: every route bundle must share the cache and the single probe.
const PROBE = Symbol.for('verity.upstream-probe')
const shared = globalThis as typeof globalThis & { [PROBE]?: ProbeState }

/** The upstream as the last probe found it, and the circuit breaker as it is now. */
export async function upstreamHealth(): Promise<UpstreamHealth> {
  const circuit = upstreamCircuit()
  const upstream = await cachedProbe(circuit)
  return { upstream, circuit: circuit.snapshot() }
}

function cachedProbe(circuit: CircuitBreaker): Promise<UpstreamProbe> {
  const state = (shared[PROBE] ??= {})
  const openedAt = circuit.openedAt()
  const fresh = (startedAt: number) =>
    Date.now() - startedAt < PROBE_INTERVAL_MS && (openedAt === null || startedAt >= openedAt)
  if (state.last && fresh(state.last.startedAt)) return Promise.resolve(state.last.result)
  state.inFlight ??= probe(state, circuit).finally(() => {
    state.inFlight = undefined
  })
  return state.inFlight
}

async function probe(state: ProbeState, circuit: CircuitBreaker): Promise<UpstreamProbe> {
  const startedAt = Date.now()
  const started = performance.now()
  const checkedAt = new Date(startedAt).toISOString()
  // One connection is enough for one probe at a time.
  state.agent ??= new Agent({ connections: 1, keepAliveTimeout: 10_000, maxResponseSize: 1 << 20 })
  let outcome: Outcome = 'ok'
  try {
    // No data leaves the probe, so it needs no session and is not audited.
    await upstreamGet(
      PROBE_PATH,
      profilePageSchema,
      { page: 0, limit: 1 },
      { timeoutMs: PROBE_TIMEOUT_MS, maxAttempts: 1, dispatcher: state.agent, circuit: null },
    )
  } catch (error) {
    outcome = error instanceof UpstreamError ? error.kind : 'unreachable'
  }
  const latencyMs = Math.round(performance.now() - started)
  const result: UpstreamProbe =
    outcome === 'ok'
      ? { ok: true, latencyMs, checkedAt }
      : { ok: false, latencyMs, kind: outcome, checkedAt }
  circuit.observe(outcome, PROBE_PATH)
  state.last = { startedAt, result }
  return result
}
