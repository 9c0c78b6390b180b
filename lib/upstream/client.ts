import 'server-only'

import { Agent, request, type Dispatcher } from 'undici'
import type { z } from 'zod'

import { timed, timedSync } from '@/lib/api/server-timing'
import { getEnv } from '@/lib/env'
import { logger } from '@/lib/logging/logger'
import { secondsSince } from '@/lib/metrics/registry'
import { recordUpstreamCall } from '@/lib/metrics/upstream'
import { inSpan } from '@/lib/tracing/span'
import { upstreamCircuit, type CircuitBreaker } from '@/lib/upstream/circuit-breaker'
import { upstreamEndpoint } from '@/lib/upstream/endpoint'
import { UpstreamError } from '@/lib/upstream/errors'
import { parseUpstreamJson, validateUpstream } from '@/lib/upstream/validate'

/*
 * The one module that talks to the upstream and holds its key: transport only. Who may read what,
 * and the audit line of each read, are lib/upstream/reads.ts's business. Every call is a GET, so
 * retries are safe; they live here and nowhere else. Calls go through one undici pool of kept-alive
 * connections rather than fetch: fetch's web streams and Next's instrumented wrapper of it cost
 * more per call than the upstream itself takes to answer (docs/performance.md).
 */

/** Largest body read; a 1,000-match AML report is a few MB. */
export const MAX_RESPONSE_BYTES = 25 * 1024 * 1024
const MAX_ATTEMPTS = 3
const BACKOFF_BASE_MS = 100
const BACKOFF_CAP_MS = 1_000
/** A Retry-After longer than this is reported to the analyst instead of waited out. */
const MAX_RETRY_AFTER_MS = 2_000
const RETRYABLE_STATUSES = new Set([500, 502, 503, 504])
const RETRYABLE_NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
])

const TOO_LARGE = 'UND_ERR_RES_EXCEEDED_MAX_SIZE'

// One pool per process: route bundles may each load this module, and they should share sockets.
const POOL = Symbol.for('verity.upstream-pool')
const shared = globalThis as typeof globalThis & { [POOL]?: Dispatcher }
function pool(): Dispatcher {
  // Never redirects (undici's request does not follow them): a 3xx is reported, the key stays here.
  // The parser stops a body once it passes the size cap.
  return (shared[POOL] ??= new Agent({
    connections: 64,
    keepAliveTimeout: 10_000,
    maxResponseSize: MAX_RESPONSE_BYTES,
  }))
}

type UpstreamOptions = {
  /** Overrides DS_API_TIMEOUT_MS; the deadline covers every attempt of the call. */
  timeoutMs?: number
  maxAttempts?: number
  /** Connections of its own instead of the shared pool (the health probe). */
  dispatcher?: Dispatcher
  /** Another circuit, or null for none (the health probe reports on the upstream, not on it). */
  circuit?: CircuitBreaker | null
}

type Query = Record<string, string | number | undefined>

/** One validated GET of the upstream API, with the retries and deadline above. */
export function upstreamGet<T>(
  path: string,
  schema: z.ZodType<T>,
  query: Query = {},
  options: UpstreamOptions = {},
): Promise<T> {
  return withRetries(path, query, options, async (url, key, deadline) => {
    const text = await timed('upstream', () =>
      attemptOnce(url, key, deadline, options.dispatcher ?? pool()),
    )
    return timedSync('validation', () => validateUpstream(schema, parseUpstreamJson(text)))
  })
}

/**
 * One GET as upstreamGet, its body handed back as text, unparsed: for a body read and checked off
 * the request thread (the evidence pack's worker). A body that breaks its schema there is not
 * counted against the circuit, as a malformed one is here: the transport answered.
 */
export function upstreamText(path: string, query: Query = {}): Promise<string> {
  return withRetries(path, query, {}, (url, key, deadline) =>
    timed('upstream', () => attemptOnce(url, key, deadline, pool())),
  )
}

// Streamed reads have no size cap in the pool: their reader decides what it keeps.
const STREAM_POOL = Symbol.for('verity.upstream-stream-pool')
const streamShared = globalThis as typeof globalThis & { [STREAM_POOL]?: Dispatcher }
function streamPool(): Dispatcher {
  return (streamShared[STREAM_POOL] ??= new Agent({ connections: 4, keepAliveTimeout: 10_000 }))
}

/**
 * A GET whose body is handed to `read` as it arrives instead of being held whole, for bodies
 * that may pass MAX_RESPONSE_BYTES (the history mirror's pages): `read` keeps what it needs and
 * throws an UpstreamError for a body it cannot use. Retries, deadline and circuit as upstreamGet;
 * a body that breaks off is a bad_response.
 */
export function upstreamStream<T>(
  path: string,
  query: Query,
  read: (body: AsyncIterable<Buffer>) => Promise<T>,
  options: UpstreamOptions = {},
): Promise<T> {
  return withRetries(path, query, options, async (url, key, deadline) => {
    const remaining = deadline - Date.now()
    if (remaining <= 0) throw new UpstreamError('timeout', 'The upstream did not answer in time')
    const response = await request(url, {
      method: 'GET',
      headers: { 'ds-api-token': key, accept: 'application/json' },
      signal: AbortSignal.timeout(remaining),
      dispatcher: options.dispatcher ?? streamPool(),
    })
    if (response.statusCode < 200 || response.statusCode > 299) {
      await response.body.dump()
      throw statusError(response.statusCode, response.headers)
    }
    try {
      return await read(response.body)
    } catch (cause) {
      if (cause instanceof UpstreamError || isAbort(cause)) throw cause
      throw new UpstreamError('bad_response', 'The upstream response was cut off', { cause })
    } finally {
      // A reader that stopped early leaves no connection half read.
      if (!response.body.readableEnded) response.body.destroy()
    }
  })
}

/**
 * One call, measured (lib/metrics/upstream.ts) and, with tracing on, a span: by the endpoint's
 * template, never the path with its id.
 */
function withRetries<T>(
  path: string,
  query: Query,
  options: UpstreamOptions,
  attempt: (url: URL, key: string, deadline: number) => Promise<T>,
): Promise<T> {
  const endpoint = upstreamEndpoint(path)
  const started = performance.now()
  const outcome = (kind: string) => recordUpstreamCall(endpoint, kind, secondsSince(started))
  return inSpan(`upstream GET ${endpoint}`, { 'verity.upstream.endpoint': endpoint }, () =>
    retried(path, query, options, attempt),
  ).then(
    (result) => {
      outcome('ok')
      return result
    },
    (error: unknown) => {
      outcome(error instanceof UpstreamError ? error.kind : 'error')
      throw error
    },
  )
}

/** Runs `attempt` until it succeeds, the error is not worth retrying, or the deadline passes. */
async function retried<T>(
  path: string,
  query: Query,
  options: UpstreamOptions,
  attempt: (url: URL, key: string, deadline: number) => Promise<T>,
): Promise<T> {
  const env = getEnv()
  const url = buildUrl(env.DS_API_BASE_URL, path, query)
  const deadline = Date.now() + (options.timeoutMs ?? env.DS_API_TIMEOUT_MS)
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS
  const circuit = options.circuit === undefined ? upstreamCircuit() : options.circuit
  const started = Date.now()

  for (let attemptNumber = 1; ; attemptNumber++) {
    try {
      // While the circuit is open (lib/upstream/circuit-breaker.ts) a call fails at once.
      if (circuit && !circuit.admit()) throw circuitOpen(circuit)
      const result = await attempt(url, env.DS_API_KEY, deadline)
      circuit?.record('ok', path)
      return result
    } catch (error) {
      const failure = toUpstreamError(error)
      if (failure.kind !== 'circuit_open') circuit?.record(failure.kind, path)
      const wait = retryDelay(failure, attemptNumber, maxAttempts, deadline)
      if (wait === null) {
        logFailure(path, failure, attemptNumber, Date.now() - started)
        throw failure
      }
      await sleep(wait)
    }
  }
}

function buildUrl(base: string, path: string, query: Query): URL {
  const url = new URL(base + path)
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.set(key, String(value))
  }
  // Path values are validated and encoded by the callers; this is the last guard that nothing in
  // them moved the request to another host or another path (an id of `..` survives encoding).
  const expected = new URL(base)
  const basePath = expected.pathname.replace(/\/$/, '')
  if (url.origin !== expected.origin || url.pathname !== `${basePath}${path}`) {
    throw new UpstreamError('bad_request', 'Refused to build an upstream URL outside the API')
  }
  return url
}

async function attemptOnce(
  url: URL,
  key: string,
  deadline: number,
  dispatcher: Dispatcher,
): Promise<string> {
  const remaining = deadline - Date.now()
  if (remaining <= 0) throw new UpstreamError('timeout', 'The upstream did not answer in time')
  const response = await request(url, {
    method: 'GET',
    headers: { 'ds-api-token': key, accept: 'application/json' },
    signal: AbortSignal.timeout(remaining),
    dispatcher,
  })
  if (response.statusCode < 200 || response.statusCode > 299) {
    // Read off (up to undici's small limit) so the connection can serve the next call.
    await response.body.dump()
    throw statusError(response.statusCode, response.headers)
  }
  // undici enforces maxResponseSize only on the bytes read; an announced size is refused unread.
  if (Number(header(response.headers, 'content-length')) > MAX_RESPONSE_BYTES) {
    // dump() with a tiny limit closes the connection instead of reading on, and swallows the abort.
    void response.body.dump({ limit: 1 })
    throw new UpstreamError('bad_response', 'The upstream response is too large')
  }
  return response.body.text().catch((cause: unknown) => {
    if (isAbort(cause) || networkCode(cause) === TOO_LARGE) throw cause
    // Headers arrived but the body broke off: what came is not a response Verity can read.
    throw new UpstreamError('bad_response', 'The upstream response was cut off', { cause })
  })
}

type ResponseHeaders = Dispatcher.ResponseData['headers']

function header(headers: ResponseHeaders, name: string): string | null {
  const value = headers[name]
  return (Array.isArray(value) ? value[0] : value) ?? null
}

function statusError(status: number, headers: ResponseHeaders): UpstreamError {
  const details = { status }
  if (status === 401 || status === 403) {
    return new UpstreamError('unauthorized', 'The upstream refused the API key', details)
  }
  if (status === 404) return new UpstreamError('not_found', 'No such record upstream', details)
  if (status === 429) {
    const retryAfterSeconds = parseRetryAfter(header(headers, 'retry-after'))
    return new UpstreamError('rate_limited', 'The upstream is rate limiting requests', {
      status,
      retryAfterSeconds,
    })
  }
  if (status === 400 || status === 422) {
    return new UpstreamError('bad_request', 'The upstream rejected the request', details)
  }
  if (status >= 300 && status < 400) {
    return new UpstreamError('bad_response', 'The upstream answered with a redirect', details)
  }
  return new UpstreamError('unavailable', `The upstream answered ${status}`, details)
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
}

function toUpstreamError(error: unknown): UpstreamError {
  if (error instanceof UpstreamError) return error
  if (isAbort(error)) {
    return new UpstreamError('timeout', 'The upstream did not answer in time', { cause: error })
  }
  const code = networkCode(error)
  if (code === TOO_LARGE) {
    return new UpstreamError('bad_response', 'The upstream response is too large', { cause: error })
  }
  return new UpstreamError(
    'unreachable',
    code ? `The upstream could not be reached (${code})` : 'The upstream could not be reached',
    { cause: error },
  )
}

function circuitOpen(circuit: CircuitBreaker): UpstreamError {
  const { retryInSeconds, openedBy } = circuit.snapshot()
  return new UpstreamError('circuit_open', 'The upstream failed repeatedly; calls are paused', {
    retryAfterSeconds: Math.max(1, retryInSeconds ?? 1),
    openedBy,
  })
}

function networkCode(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 4 && current; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/** Milliseconds to wait before the next attempt, or null to give up. */
function retryDelay(
  error: UpstreamError,
  attempt: number,
  maxAttempts: number,
  deadline: number,
): number | null {
  if (attempt >= maxAttempts) return null
  let wait: number
  if (error.kind === 'rate_limited') {
    const asked = (error.retryAfterSeconds ?? 1) * 1_000
    if (asked > MAX_RETRY_AFTER_MS) return null
    wait = asked
  } else if (isTransient(error)) {
    // Full jitter keeps many instances from retrying in step.
    wait = Math.random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt)
  } else {
    return null
  }
  return Date.now() + wait < deadline ? wait : null
}

function isTransient(error: UpstreamError): boolean {
  if (error.kind === 'unavailable') return RETRYABLE_STATUSES.has(error.status ?? 0)
  if (error.kind !== 'unreachable') return false
  const code = networkCode(error.cause)
  return code === undefined || RETRYABLE_NETWORK_CODES.has(code)
}

function parseRetryAfter(header: string | null): number | undefined {
  if (!header) return undefined
  const seconds = Number(header)
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds)
  const date = Date.parse(header)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, Math.ceil((date - Date.now()) / 1_000))
}

function logFailure(path: string, error: UpstreamError, attempts: number, ms: number) {
  // The endpoint and kind only: bodies hold personal data, and the key never leaves the request
  // headers.
  logger().warn(
    {
      log: 'app',
      endpoint: upstreamEndpoint(path),
      kind: error.kind,
      status: error.status,
      attempts,
      ms,
    },
    'upstream request failed',
  )
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
