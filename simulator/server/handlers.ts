import { cachedPage, pageBody, type Store } from './store'

/*
 * Routing of the five read endpoints: from method, URL and headers to a response, with no I/O, so
 * that the server adds only timing and faults around it.
 */

type SimRequest = {
  method: string
  url: string
  headers: Readonly<Record<string, string | string[] | undefined>>
}
export type SimResponse = {
  status: number
  headers?: Record<string, string>
  body: string | Buffer
}

/** Which endpoint a path hits; `list` routes answer `{data, has_next}`. */
export type Route =
  | { kind: 'profiles' | 'history'; list: true }
  | { kind: 'profile' | 'verification' | 'aml'; list: false; id: string }

const TOKEN_HEADER = 'ds-api-token'
const MAX_LIMIT = 1000
const MAX_PAGE = 1_000_000_000
const PROFILE_LIMIT = 10
const HISTORY_LIMIT = 50

export function errorBody(error: string, details: string): string {
  return JSON.stringify({ error, details })
}

const fail = (status: number, error: string, details: string): SimResponse => ({
  status,
  body: errorBody(error, details),
})
const ok = (body: string | Buffer): SimResponse => ({ status: 200, body })

export function matchRoute(pathname: string): Route | null {
  if (pathname === '/api/v3/profiles') return { kind: 'profiles', list: true }
  if (pathname === '/api/v3/notifications/webhook/history') return { kind: 'history', list: true }
  const single = /^\/api\/v3\/(profiles|verifications\/short|aml\/search\/history)\/([^/]+)$/.exec(
    pathname,
  )
  if (!single?.[2]) return null
  const kind =
    single[1] === 'profiles'
      ? 'profile'
      : single[1] === 'verifications/short'
        ? 'verification'
        : 'aml'
  return { kind, list: false, id: safeDecode(single[2]) }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** A non-negative integer query parameter within bounds, its default when absent, or an error text. */
function intParam(
  query: URLSearchParams,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number | string {
  const raw = query.get(name)
  if (raw === null) return fallback
  if (!/^\d{1,10}$/.test(raw)) return `${name} must be an integer, got "${raw.slice(0, 40)}"`
  const value = Number(raw)
  if (value < min || value > max) return `${name} must be between ${min} and ${max}, got ${value}`
  return value
}

function listProfiles(store: Store, query: URLSearchParams): SimResponse {
  const page = intParam(query, 'page', 0, 0, MAX_PAGE)
  const limit = intParam(query, 'limit', PROFILE_LIMIT, 1, MAX_LIMIT)
  if (typeof page === 'string') return fail(400, 'bad_request', page)
  if (typeof limit === 'string') return fail(400, 'bad_request', limit)
  const start = page * limit
  return ok(
    cachedPage(store, `profiles|${page}|${limit}`, () =>
      pageBody(store.profiles.slice(start, start + limit), start + limit < store.profiles.length),
    ),
  )
}

/**
 * Cursor paging, newest first (or oldest first, SIM_HISTORY_ORDER=oldest): the records after the
 * one with id `after`. An `after` that names no record answers 404 (the cursor points at a missing
 * resource). `webhook` is the older name of the `webhook_id` filter; `page` skips whole pages after
 * the cursor, as the SDK sends it.
 */
function listHistory(store: Store, query: URLSearchParams): SimResponse {
  const limit = intParam(query, 'limit', HISTORY_LIMIT, 1, MAX_LIMIT)
  const page = intParam(query, 'page', 0, 0, MAX_PAGE)
  if (typeof limit === 'string') return fail(400, 'bad_request', limit)
  if (typeof page === 'string') return fail(400, 'bad_request', page)
  const after = query.get('after') || null
  const webhookId = query.get('webhook_id') || query.get('webhook') || null
  const key = `history|${after}|${webhookId}|${page}|${limit}`
  const cached = store.pageCache.get(key)
  if (cached) return ok(cached)
  const found = store.history.page(after, webhookId, page, limit)
  if (!found) return fail(404, 'not_found', `no webhook history record with id ${after}`)
  return ok(cachedPage(store, key, () => pageBody(found.items, found.hasNext)))
}

function single(map: ReadonlyMap<string, Buffer>, id: string, what: string): SimResponse {
  const body = map.get(id)
  return body === undefined ? fail(404, 'not_found', `${what} ${id} not found`) : ok(body)
}

export function handleApi(store: Store, apiKey: string, request: SimRequest): SimResponse {
  const url = new URL(request.url, 'http://simulator.local')
  const route = matchRoute(url.pathname)
  if (!route) return fail(404, 'not_found', `no route for ${url.pathname}`)
  if (request.method !== 'GET')
    return {
      ...fail(405, 'method_not_allowed', `${request.method} is not allowed here`),
      headers: { allow: 'GET' },
    }
  const token = request.headers[TOKEN_HEADER]
  if (token === undefined) return fail(401, 'unauthorized', `missing ${TOKEN_HEADER} header`)
  if (token !== apiKey) return fail(401, 'unauthorized', `invalid ${TOKEN_HEADER}`)
  switch (route.kind) {
    case 'profiles':
      return listProfiles(store, url.searchParams)
    case 'history':
      return listHistory(store, url.searchParams)
    case 'profile':
      return single(store.profileById, route.id, 'profile')
    case 'verification':
      return single(store.verificationByShortId, route.id, 'verification')
    case 'aml': {
      const generated = store.amlById.has(route.id) ? undefined : store.history.search(route.id)
      return generated ? ok(JSON.stringify(generated)) : single(store.amlById, route.id, 'search')
    }
  }
}
