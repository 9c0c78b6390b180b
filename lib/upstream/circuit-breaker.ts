import { getEnv } from '@/lib/env'

import type { UpstreamErrorKind } from './errors'

/*
 * A circuit breaker in front of the upstream. When the service fails attempt after attempt, every
 * page load would still spend its retries on it (and the upstream's rate limit), and the analyst
 * would wait through them. After FAILURE_THRESHOLD failed attempts in a row the circuit opens:
 * calls fail at once for the cool-off period. Then one trial attempt goes through (half-open); its
 * success closes the circuit, its failure opens it for another period. Only failures that say the
 * service is unwell count: an answer of any kind (404, 401, 429, a body Verity cannot read) shows
 * it is up, and resets the count.
 */

/** Failed attempts in a row that open the circuit: one whole call with its retries. */
export const FAILURE_THRESHOLD = 3

const FAILURES: ReadonlySet<UpstreamErrorKind> = new Set(['unavailable', 'unreachable', 'timeout'])

type CircuitState = 'closed' | 'open' | 'half_open'

export type CircuitSnapshot = {
  state: CircuitState
  /** Failed attempts in a row. */
  failures: number
  /** While not closed: when the next trial may go out, in seconds from now. */
  retryInSeconds?: number
  /** While not closed: the kind of failure that opened it. */
  openedBy?: UpstreamErrorKind
}

export type CircuitBreaker = {
  /** Whether an attempt may go out now; while half-open, only the one trial. */
  admit(): boolean
  /** The outcome of an admitted attempt: `ok`, or the kind of its failure. */
  record(outcome: 'ok' | UpstreamErrorKind): void
  snapshot(): CircuitSnapshot
}

export function createCircuitBreaker({
  coolOffMs,
  now = Date.now,
}: {
  coolOffMs: number
  now?: () => number
}): CircuitBreaker {
  let state: CircuitState = 'closed'
  let failures = 0
  /** When the circuit opened, or when its trial went out. */
  let since = 0
  let openedBy: UpstreamErrorKind | undefined

  const waitMs = () => Math.max(0, since + coolOffMs - now())

  return {
    admit() {
      if (state === 'closed') return true
      if (waitMs() > 0) return false
      // The cool-off is over (or a trial never came back): one trial goes out.
      state = 'half_open'
      since = now()
      return true
    },
    record(outcome) {
      // Attempts that went out before the circuit opened say nothing about the service now.
      if (state === 'open') return
      if (outcome === 'ok' || !FAILURES.has(outcome)) {
        state = 'closed'
        failures = 0
        openedBy = undefined
        return
      }
      failures += 1
      if (state === 'half_open' || failures >= FAILURE_THRESHOLD) {
        state = 'open'
        since = now()
        openedBy = outcome
      }
    },
    snapshot() {
      if (state === 'closed') return { state, failures }
      const wait = waitMs()
      return {
        // An open circuit whose cool-off is over lets the next attempt through as its trial.
        state: state === 'open' && wait === 0 ? 'half_open' : state,
        failures,
        retryInSeconds: Math.ceil(wait / 1_000),
        ...(openedBy ? { openedBy } : {}),
      }
    },
  }
}

// One circuit per process, like the connection pool: every route bundle must see the same state.
const CIRCUIT = Symbol.for('verity.upstream-circuit')
const shared = globalThis as typeof globalThis & { [CIRCUIT]?: CircuitBreaker }

/** The circuit every upstream read goes through (lib/upstream/client.ts). */
export function upstreamCircuit(): CircuitBreaker {
  return (shared[CIRCUIT] ??= createCircuitBreaker({
    coolOffMs: getEnv().DS_API_BREAKER_COOLOFF_MS,
  }))
}
