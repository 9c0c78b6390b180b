import { createDeliveryStats, type DeliveryStats } from './deliver'
import { setFault, type FaultState } from './faults'
import { errorBody, type SimResponse } from './handlers'
import { HOSTILE_KINDS, type AddedSpec } from '../data/added-spec'
import type { AmlSearchResult } from '@/lib/upstream/schemas'
import type { Store } from './store'

/* The /__sim/ control API that tests use to read counters and inject faults. No token needed. */

export type SimStats = {
  requests: number
  byPath: Record<string, number>
  /** Headers of the last /api/v3 request, the token replaced by its length. */
  lastHeaders: Record<string, string | string[]>
  /** Webhook deliveries of added records (SIM_WEBHOOK_URL). */
  deliveries: DeliveryStats
}

export function createStats(): SimStats {
  return { requests: 0, byPath: {}, lastHeaders: {}, deliveries: createDeliveryStats() }
}

export type ControlContext = {
  stats: SimStats
  faults: FaultState
  reset(): void
  store: Store
  /** Delivers added records to the webhook, when one is set. */
  deliver?: (bodies: readonly string[]) => void
}

const MAX_ADDED = 1_000
const RISKS = ['Low', 'Medium', 'High'] as const

/**
 * `POST /__sim/history` `{count?, event_type?, risk?, name?, applicant_id?, status?, hostile?,
 * rescreen_of?, changed?, added?}`: adds `count` records (1 by default) as the newest, alike but for
 * what the body fixes, and delivers them to the webhook when one is set; `rescreen_of` (an added or
 * generated search id) makes a screening that sends that report again, `changed` of its matches
 * with a new source and `added` new matches. An error text, or the specs.
 */
function addedSpecs(
  parsed: unknown,
  search: (id: string) => AmlSearchResult | undefined,
): AddedSpec[] | string {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return 'body must be a JSON object'
  const body = parsed as Record<string, unknown>
  const count = body.count ?? 1
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_ADDED)
    return `count must be a whole number from 1 to ${MAX_ADDED}`
  const text = (name: string): string | undefined | null => {
    const value = body[name]
    if (value === undefined) return undefined
    return typeof value === 'string' && value.trim() !== '' ? value : null
  }
  const spec: AddedSpec = {}
  for (const [member, key] of [
    ['event_type', 'eventType'],
    ['name', 'name'],
    ['applicant_id', 'applicantId'],
    ['status', 'status'],
  ] as const) {
    const value = text(member)
    if (value === null) return `${member} must be a non-empty string`
    if (value !== undefined) spec[key] = value
  }
  if (body.hostile !== undefined) {
    const kind = HOSTILE_KINDS.find((known) => known === body.hostile)
    if (!kind) return `hostile must be one of ${HOSTILE_KINDS.join(', ')}`
    spec.hostile = kind
  }
  if (body.risk !== undefined) {
    const risk = RISKS.find((level) => level === body.risk)
    if (!risk) return `risk must be one of ${RISKS.join(', ')}`
    spec.risk = risk
  }
  if (body.rescreen_of !== undefined) {
    const of = typeof body.rescreen_of === 'string' ? search(body.rescreen_of) : undefined
    if (!of) return 'rescreen_of must name an added or generated search'
    const whole = (name: string) => {
      const value = body[name] ?? 0
      return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 3
        ? value
        : null
    }
    const changed = whole('changed')
    const added = whole('added')
    if (changed === null || added === null) return 'changed and added must be whole numbers 0–3'
    spec.rescreen = { of, changed, added }
  }
  return Array.from({ length: count }, () => spec)
}

const json = (status: number, value: unknown): SimResponse => ({
  status,
  body: JSON.stringify(value),
})

export function handleControl(
  method: string,
  pathname: string,
  body: string,
  context: ControlContext,
): SimResponse {
  const route = `${method} ${pathname}`
  if (route === 'GET /__sim/stats')
    return json(200, {
      ...context.stats,
      fault: context.faults.fault,
      faultRemaining: context.faults.remaining,
    })
  if (route === 'POST /__sim/reset') {
    context.reset()
    return json(200, { ok: true })
  }
  if (route === 'POST /__sim/fault') {
    let parsed: unknown
    try {
      parsed = JSON.parse(body)
    } catch {
      return { status: 400, body: errorBody('bad_request', 'body must be JSON') }
    }
    const problem = setFault(context.faults, parsed)
    return problem
      ? { status: 400, body: errorBody('bad_request', problem) }
      : json(200, { ok: true, fault: context.faults.fault })
  }
  if (route === 'POST /__sim/history') {
    let parsed: unknown
    try {
      parsed = body.trim() === '' ? {} : JSON.parse(body)
    } catch {
      return { status: 400, body: errorBody('bad_request', 'body must be JSON') }
    }
    const specs = addedSpecs(parsed, (id) => context.store.history.search(id))
    if (typeof specs === 'string') return { status: 400, body: errorBody('bad_request', specs) }
    const added = context.store.history.add(specs)
    // Every cached history page may now start differently.
    context.store.pageCache.clear()
    context.deliver?.(added.map((record) => record.delivery))
    return json(200, { ids: added.map((record) => record.id) })
  }
  const known = ['/__sim/stats', '/__sim/reset', '/__sim/fault', '/__sim/history'].includes(
    pathname,
  )
  return known
    ? { status: 405, body: errorBody('method_not_allowed', `${method} is not allowed here`) }
    : { status: 404, body: errorBody('not_found', `no route for ${pathname}`) }
}

/** Counts a request and remembers its headers, with the token masked. */
export function recordRequest(
  stats: SimStats,
  pathname: string,
  headers: Readonly<Record<string, string | string[] | undefined>>,
): void {
  stats.requests++
  stats.byPath[pathname] = (stats.byPath[pathname] ?? 0) + 1
  if (!pathname.startsWith('/api/v3')) return
  const copy: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue
    copy[name] = name === 'ds-api-token' ? String(String(value).length) : value
  }
  stats.lastHeaders = copy
}
