import 'server-only'

import { jsonCacheControl } from '@/lib/api/cache-control'
import { ProblemError } from '@/lib/api/problem-error'
import { requestScope } from '@/lib/api/request-scope'
import { serverTimingHeader } from '@/lib/api/server-timing'
import { AuthRequiredError } from '@/lib/auth/errors'
import { unauthenticatedProblem } from '@/lib/auth/unauthenticated'
import { UpstreamError, type UpstreamErrorKind } from '@/lib/upstream/errors'

/*
 * One error format for every route (RFC 9457 problem details). The upstream's own body, stacks and
 * internal messages never leave the server; the cause of an unknown failure is logged instead.
 */

export type Problem = { type: string; title: string; status: number; detail: string }

export function problem(
  status: number,
  type: string,
  title: string,
  detail: string,
  headers: Record<string, string> = {},
) {
  const body: Problem = { type: `about:blank#${type}`, title, status, detail }
  return jsonText(JSON.stringify(body), status, 'application/problem+json', headers)
}

export function json(data: unknown) {
  return jsonText(JSON.stringify(data))
}

/**
 * JSON already serialised (the handlers time their serialisation). A plain Response: NextResponse's
 * cookie and URL helpers cost every answer and serve none here.
 */
function jsonText(
  text: string,
  status = 200,
  contentType = 'application/json',
  headers: Record<string, string> = {},
) {
  return new Response(text, {
    status,
    headers: { 'Content-Type': contentType, 'Cache-Control': jsonCacheControl(text), ...headers },
  })
}

const upstreamProblems: Record<UpstreamErrorKind, { status: number; title: string }> = {
  not_found: { status: 404, title: 'Not found' },
  bad_request: { status: 400, title: 'Rejected by the upstream' },
  unauthorized: { status: 502, title: 'Upstream refused the API key' },
  rate_limited: { status: 429, title: 'Rate limited' },
  timeout: { status: 504, title: 'Upstream timed out' },
  unavailable: { status: 502, title: 'Upstream error' },
  unreachable: { status: 502, title: 'Upstream unreachable' },
  // Verity itself holds the call back, for a while: 503 with Retry-After.
  circuit_open: { status: 503, title: 'Upstream failing' },
  bad_response: { status: 502, title: 'Bad response from upstream' },
}

const upstreamDetails: Record<UpstreamErrorKind, string> = {
  not_found: 'The upstream has no record with this id.',
  bad_request: 'The upstream rejected the request parameters.',
  unauthorized: 'The upstream refused the configured API key. An operator must check DS_API_KEY.',
  rate_limited: 'The upstream is limiting requests. Try again shortly.',
  timeout: 'The upstream did not answer in time. Try again.',
  unavailable: 'The upstream answered with an error. Try again.',
  unreachable:
    'The upstream could not be reached: the connection failed or was dropped. Try again.',
  circuit_open:
    'The upstream failed repeatedly, so Verity has paused calls to it for a short while.',
  bad_response: 'The upstream sent a response Verity cannot read.',
}

/** What the failures that opened the circuit were, said of the upstream (circuit-breaker.ts). */
const openedByWords: Partial<Record<UpstreamErrorKind, string>> = {
  unavailable: 'answered with errors for several different records',
  unreachable: 'could not be reached several times in a row',
  timeout: 'did not answer in time several times in a row',
}

function detailOf(error: UpstreamError) {
  if (error.kind === 'bad_response' && error.path) {
    return `${upstreamDetails.bad_response} The problem is at ${error.path}.`
  }
  if (error.kind === 'unavailable' && error.status) {
    return `The upstream answered with an error (HTTP ${error.status}). Try again.`
  }
  if (error.kind === 'circuit_open') {
    const what = (error.openedBy && openedByWords[error.openedBy]) ?? 'failed repeatedly'
    const seconds = error.retryAfterSeconds ?? 1
    return `The upstream ${what}, so Verity has paused calls to it. It tries again by itself in ${seconds} s.`
  }
  return upstreamDetails[error.kind]
}

function upstreamProblem(error: UpstreamError) {
  const { status, title } = upstreamProblems[error.kind]
  const headers: Record<string, string> = {}
  if (error.kind === 'rate_limited' || error.kind === 'circuit_open') {
    headers['Retry-After'] = String(error.retryAfterSeconds ?? 1)
  }
  return problem(status, error.kind, title, detailOf(error), headers)
}

/**
 * Runs an upstream call and answers its data (with Server-Timing: where the time went), or the
 * problem that fits its failure.
 */
export async function respond(call: () => Promise<unknown>) {
  try {
    const result = await call()
    const timings = requestScope()?.timings
    const started = performance.now()
    const response = jsonText(JSON.stringify(result))
    if (timings) {
      timings.set('serialisation', performance.now() - started)
      response.headers.set('Server-Timing', serverTimingHeader(timings))
    }
    return response
  } catch (error) {
    if (error instanceof UpstreamError) return upstreamProblem(error)
    if (error instanceof AuthRequiredError) return unauthenticatedProblem()
    if (error instanceof ProblemError) {
      return problem(error.status, error.type, error.title, error.detail, error.headers)
    }
    console.error(
      JSON.stringify({
        level: 'error',
        msg: 'route handler failed',
        error: error instanceof Error ? error.name : 'unknown',
      }),
    )
    return problem(500, 'internal', 'Internal error', 'Something went wrong in Verity.')
  }
}
