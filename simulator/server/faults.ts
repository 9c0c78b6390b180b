/*
 * Injected faults: one set through POST /__sim/fault for the next N requests (or until reset), and
 * the random errors of the SIM_ERROR_RATE / SIM_RATE_LIMIT_RATE knobs, drawn from a seeded
 * generator so that a run can be repeated.
 */
import { createRng, seedFrom, type Rng } from '../data/random'

const FAULT_MODES = [
  'latency',
  'status',
  'rate-limit',
  'reset',
  'truncate',
  'bad-shape',
  'redirect',
  'oversize',
  'trickle',
  'none',
] as const
type FaultMode = (typeof FAULT_MODES)[number]

export type Fault = {
  mode: FaultMode
  ms?: number
  status?: number
  retryAfter?: number
  location?: string
  /** Only requests to this path (e.g. one report's) meet the fault; others are served as usual. */
  path?: string
}

export type FaultState = {
  fault: Fault | null
  /** Requests left for the fault; null for no limit. */
  remaining: number | null
  rng: Rng
}

export type Knobs = { latencyMs: number; errorRate: number; rateLimitRate: number; seed: number }

export function createFaultState(seed: number): FaultState {
  return { fault: null, remaining: null, rng: createRng(seedFrom(seed, 'faults')) }
}

export function resetFaults(state: FaultState, seed: number): void {
  Object.assign(state, createFaultState(seed))
}

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0

/** Sets the fault described by a control request body, or returns what is wrong with it. */
export function setFault(state: FaultState, body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return 'body must be a JSON object'
  const input = body as Record<string, unknown>
  const mode = FAULT_MODES.find((m) => m === input.mode)
  if (!mode) return `mode must be one of ${FAULT_MODES.join(', ')}`
  for (const key of ['ms', 'status', 'retryAfter', 'times'] as const) {
    if (input[key] !== undefined && !isNumber(input[key]))
      return `${key} must be a non-negative number`
  }
  if (input.location !== undefined && typeof input.location !== 'string')
    return 'location must be a string'
  if (input.path !== undefined && (typeof input.path !== 'string' || !input.path.startsWith('/')))
    return 'path must be a path such as /api/v3/aml/search/history/<id>'
  const fault: Fault = { mode }
  if (isNumber(input.ms)) fault.ms = input.ms
  if (isNumber(input.status)) fault.status = input.status
  if (isNumber(input.retryAfter)) fault.retryAfter = input.retryAfter
  if (typeof input.location === 'string') fault.location = input.location
  if (typeof input.path === 'string') fault.path = input.path
  state.fault = mode === 'none' ? null : fault
  state.remaining = isNumber(input.times) ? Math.floor(input.times) : null
  if (state.remaining === 0) state.fault = null
  return null
}

/** The fault for a request to `pathname`, counting it against `times`. */
export function takeFault(state: FaultState, knobs: Knobs, pathname: string): Fault | null {
  if (state.fault && (!state.fault.path || state.fault.path === pathname)) {
    const fault = state.fault
    if (state.remaining !== null && --state.remaining <= 0) {
      state.fault = null
      state.remaining = null
    }
    return fault
  }
  if (knobs.errorRate <= 0 && knobs.rateLimitRate <= 0) return null
  const roll = state.rng.next()
  if (roll < knobs.errorRate) return { mode: 'status', status: 500 }
  if (roll < knobs.errorRate + knobs.rateLimitRate) return { mode: 'rate-limit', retryAfter: 1 }
  return null
}
