import { getEnv } from '@/lib/env'

import type { UpstreamErrorKind } from './errors'

/*
 * A circuit breaker in front of the upstream. When the service is down, every page load would
 * still spend its retries on it (and the upstream's rate limit), and the analyst would wait through
 * them. On evidence that the service is down the circuit opens: calls fail at once for the cool-off
 * period. Then one trial attempt goes through (half-open); its success closes the circuit, its
 * failure opens it for another period.
 *
 * What counts as evidence that the service, not one record, is down: attempts that got no answer
 * at all (connection failures, timeouts) FAILURE_THRESHOLD times in a row, or error answers (5xx)
 * for RESOURCE_THRESHOLD different resources (paths) within FAILURE_WINDOW_MS. A record that keeps
 * answering 500 is that record's failure: its reads fail, everyone else's go on. Any other answer
 * (404, 401, 429, a body Verity cannot read) shows the service is up and resets the count, and so
 * does a success of the health probe, which goes around the circuit (lib/upstream/probe.ts).
 */

/** Attempts in a row without an answer that open the circuit: one whole call with its retries. */
export const FAILURE_THRESHOLD = 3
/** Different resources answering with errors, within the window, that open the circuit. */
export const RESOURCE_THRESHOLD = 3
export const FAILURE_WINDOW_MS = 30_000

const NO_ANSWER: ReadonlySet<UpstreamErrorKind> = new Set(['unreachable', 'timeout'])
const ERROR_ANSWER: UpstreamErrorKind = 'unavailable'

type CircuitState = 'closed' | 'open' | 'half_open'

export type CircuitSnapshot = {
  state: CircuitState
  /** Failed attempts in a row (of any resource). */
  failures: number
  /** While not closed: when the next trial may go out, in seconds from now. */
  retryInSeconds?: number
  /** While not closed: the kind of failure that opened it. */
  openedBy?: UpstreamErrorKind
}

export type Outcome = 'ok' | UpstreamErrorKind

export type CircuitBreaker = {
  /** Whether an attempt may go out now; while half-open, only the one trial. */
  admit(): boolean
  /** The outcome of an admitted attempt at `resource` (the path, without the query). */
  record(outcome: Outcome, resource: string): void
  /**
   * The outcome of an attempt that went around the circuit (the health probe): a success closes
   * it whatever its state, a failure counts as any other.
   */
  observe(outcome: Outcome, resource: string): void
  /** When the circuit last opened (epoch ms), while it is not closed. */
  openedAt(): number | null
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
  let unanswered = 0
  /** Resources that answered with an error since the last sign of life, and when they last did. */
  const erring = new Map<string, number>()
  /** When the circuit opened, or when its trial went out. */
  let since = 0
  let opened = 0
  let openedBy: UpstreamErrorKind | undefined

  const waitMs = () => Math.max(0, since + coolOffMs - now())

  function close() {
    state = 'closed'
    failures = 0
    unanswered = 0
    erring.clear()
    openedBy = undefined
  }

  function open(kind: UpstreamErrorKind) {
    state = 'open'
    since = opened = now()
    openedBy = kind
  }

  /** Different resources that answered with errors within the window. */
  function erringResources() {
    const from = now() - FAILURE_WINDOW_MS
    for (const [resource, at] of erring) if (at < from) erring.delete(resource)
    return erring.size
  }

  function count(outcome: Outcome, resource: string) {
    if (outcome === 'ok' || (outcome !== ERROR_ANSWER && !NO_ANSWER.has(outcome))) return close()
    failures += 1
    if (NO_ANSWER.has(outcome)) {
      unanswered += 1
    } else {
      // An error answer is an answer: the connection works, whatever the record's trouble.
      unanswered = 0
      erring.delete(resource)
      erring.set(resource, now())
    }
    if (
      state === 'half_open' ||
      unanswered >= FAILURE_THRESHOLD ||
      erringResources() >= RESOURCE_THRESHOLD
    ) {
      open(outcome)
    }
  }

  return {
    admit() {
      if (state === 'closed') return true
      if (waitMs() > 0) return false
      // The cool-off is over (or a trial never came back): one trial goes out.
      state = 'half_open'
      since = now()
      return true
    },
    record(outcome, resource) {
      // Attempts that went out before the circuit opened say nothing about the service now.
      if (state === 'open') return
      count(outcome, resource)
    },
    observe(outcome, resource) {
      if (outcome === 'ok') return close()
      if (state !== 'open') count(outcome, resource)
    },
    openedAt() {
      return state === 'closed' ? null : opened
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
