import { setFault, type FaultState } from './faults'
import { errorBody, type SimResponse } from './handlers'

/* The /__sim/ control API that tests use to read counters and inject faults. No token needed. */

export type SimStats = {
  requests: number
  byPath: Record<string, number>
  /** Headers of the last /api/v3 request, the token replaced by its length. */
  lastHeaders: Record<string, string | string[]>
}

export function createStats(): SimStats {
  return { requests: 0, byPath: {}, lastHeaders: {} }
}

type ControlContext = { stats: SimStats; faults: FaultState; reset(): void }

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
  const known = ['/__sim/stats', '/__sim/reset', '/__sim/fault'].includes(pathname)
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
