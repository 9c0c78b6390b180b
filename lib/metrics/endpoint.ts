import 'server-only'

import { createHash, timingSafeEqual } from 'node:crypto'

import { problem } from '@/lib/api/problem'
import { getEnv } from '@/lib/env'

import { scrape } from './registry'
import { registerStoreMetrics } from './store-state'
import { registerBreakerGauge } from './upstream'

/*
 * GET /api/metrics: the registry in Prometheus' text format for a scraper that sends
 * `Authorization: Bearer <METRICS_TOKEN>`. Without METRICS_TOKEN the route does not exist (404),
 * so an instance exposes nothing it was not told to; a wrong or missing token is 401. It has no
 * session: the token is its credential, like a webhook's signature.
 */
export async function metricsAnswer(request: Request): Promise<Response> {
  const token = getEnv().METRICS_TOKEN
  if (!token) return problem(404, 'not_found', 'Not found', 'There is nothing at this address.')
  if (!bearerMatches(request.headers.get('authorization'), token)) {
    return problem(
      401,
      'unauthenticated',
      'Token required',
      'Send the METRICS_TOKEN as a bearer token.',
      {
        'WWW-Authenticate': 'Bearer realm="metrics"',
      },
    )
  }
  registerStoreMetrics()
  registerBreakerGauge()
  const { text, contentType } = await scrape()
  return new Response(text, {
    headers: { 'Content-Type': contentType, 'Cache-Control': 'no-store' },
  })
}

function bearerMatches(header: string | null, token: string): boolean {
  const sent = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim()
  if (!sent) return false
  // Digests of equal length: the comparison takes the same time whatever was sent.
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(sent), digest(token))
}
