import 'server-only'

import { upstreamCircuit } from '@/lib/upstream/circuit-breaker'

import { counter, gauge, histogram } from './registry'

/*
 * The upstream as this instance sees it: each call (its retries included) by endpoint template
 * and outcome (`ok` or the kind of failure, lib/upstream/errors.ts), and the circuit breaker's
 * state. Process-local: each instance has its own connections and its own breaker.
 */

const calls = () =>
  counter({
    name: 'verity_upstream_calls_total',
    help: 'Calls to the upstream (retries included), by endpoint template and outcome.',
    labelNames: ['endpoint', 'outcome'],
  })

const durations = () =>
  histogram({
    name: 'verity_upstream_call_duration_seconds',
    help: 'Time of a call to the upstream, retries included, by endpoint template and outcome.',
    labelNames: ['endpoint', 'outcome'],
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  })

const STATES = ['closed', 'open', 'half_open'] as const

/** The breaker's state as a gauge per state (1 for the current one), read when scraped. */
export function registerBreakerGauge() {
  gauge({
    name: 'verity_upstream_breaker_state',
    help: "The upstream circuit breaker's state on this instance: 1 for the current state.",
    labelNames: ['state'],
    collect() {
      const current = upstreamCircuit().snapshot().state
      for (const state of STATES) this.set({ state }, state === current ? 1 : 0)
    },
  })
}

export function recordUpstreamCall(endpoint: string, outcome: string, seconds: number) {
  calls().inc({ endpoint, outcome })
  durations().observe({ endpoint, outcome }, seconds)
}
