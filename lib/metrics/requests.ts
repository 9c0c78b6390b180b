import 'server-only'

import type { IncomingMessage, ServerResponse } from 'node:http'

import { beforeEveryRequest } from '@/lib/api/request-event'
import { logger } from '@/lib/logging/logger'

import { counter, histogram, secondsSince } from './registry'

/*
 * Every request this process serves, pages and API alike, measured where Node.js hands it over and
 * where its answer ends: one observation in the request metrics and one `request` log line (its
 * id, route template, status and duration). Both name the route by its template
 * (`/cases/[id]`), never the path that was asked (ids) nor its query (what an analyst searched).
 */

const requests = () =>
  counter({
    name: 'verity_http_requests_total',
    help: 'Requests answered, by method, route template and status.',
    labelNames: ['method', 'route', 'status'],
  })

const durations = () =>
  histogram({
    name: 'verity_http_request_duration_seconds',
    help: 'Time from a request reaching the server to its answer ending, by method and route template.',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  })

// Next.js keeps the route it matched on the request (its request meta); the template, not the path.
const NEXT_META = Symbol.for('NextInternalRequestMeta')
type NextMeta = { match?: { definition?: { pathname?: unknown } } }

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** The route template Next.js matched, else a fixed word: never anything of the path itself. */
export function routeTemplate(request: IncomingMessage): string {
  const meta = (request as unknown as Record<symbol, NextMeta | undefined>)[NEXT_META]
  const matched = meta?.match?.definition?.pathname
  if (typeof matched === 'string' && matched.startsWith('/')) return matched
  const path = request.url ?? ''
  if (path.startsWith('/_next/static/')) return '/_next/static'
  if (path.startsWith('/_next/')) return '/_next'
  return 'unmatched'
}

const INSTALLED = Symbol.for('verity.observe-requests')

/** Installed once per process, at server start (instrumentation.ts). */
export function observeEveryRequest() {
  beforeEveryRequest(INSTALLED, (request, response) => {
    const started = performance.now()
    response.once('close', () => record(request, response, started))
  })
}

function record(request: IncomingMessage, response: ServerResponse, started: number) {
  const seconds = secondsSince(started)
  const method = METHODS.has(request.method ?? '') ? request.method! : 'other'
  const route = routeTemplate(request)
  // An answer cut off by the client before it ended is said apart from the status it would have had.
  const status = response.writableFinished ? String(response.statusCode) : 'aborted'
  requests().inc({ method, route, status })
  durations().observe({ method, route }, seconds)
  const id = response.getHeader('x-request-id')
  logger().info(
    {
      log: 'request',
      id: typeof id === 'string' ? id : undefined,
      method,
      route,
      status: response.writableFinished ? response.statusCode : 'aborted',
      ms: Math.round(seconds * 10_000) / 10,
    },
    'request',
  )
}
