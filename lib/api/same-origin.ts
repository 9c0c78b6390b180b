import { NextResponse } from 'next/server'

import { jsonCacheControl } from '@/lib/api/cache-control'

/*
 * Cross-site request forgery, decided in one place: proxy.ts applies this to every request that
 * is not a GET or HEAD (reveal, export, decisions, notes, sign-out, and whatever is added later),
 * so no endpoint has to opt in. Browsers say where a request comes from in Sec-Fetch-Site; where
 * it is missing (older browsers, scripts), an Origin header must name Verity. `Origin: null`
 * vouches for nothing: under Referrer-Policy no-referrer browsers send it even from Verity's own
 * forms, but those browsers also send Sec-Fetch-Site.
 */

const READS = new Set(['GET', 'HEAD'])
const SAME_SITE_VALUES = new Set(['same-origin', 'none'])

/** Whether a request may change state: a read, or one that comes from `origin` itself. */
export function isSameOriginRequest(
  request: { method: string; headers: Headers },
  origin: string,
): boolean {
  if (READS.has(request.method.toUpperCase())) return true
  const site = request.headers.get('sec-fetch-site')?.trim().toLowerCase()
  const from = request.headers.get('origin')?.trim()
  const named = from && from !== 'null' ? from : undefined
  if (site !== undefined && !SAME_SITE_VALUES.has(site)) return false
  if (named !== undefined && named.toLowerCase() !== origin.toLowerCase()) return false
  // A request neither header vouches for is refused: there is no telling where it came from.
  return site !== undefined || named !== undefined
}

/** The 403 problem for a state-changing request that does not come from Verity's own pages. */
export function crossSiteProblem() {
  const body = JSON.stringify({
    type: 'about:blank#cross_site',
    title: 'Cross-site request refused',
    status: 403,
    detail: 'Changes can only be made from Verity’s own pages.',
  })
  return new NextResponse(body, {
    status: 403,
    headers: {
      'Content-Type': 'application/problem+json',
      'Cache-Control': jsonCacheControl(body),
    },
  })
}
