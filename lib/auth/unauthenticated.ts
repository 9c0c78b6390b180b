import { NextResponse } from 'next/server'

import { jsonCacheControl } from '@/lib/api/cache-control'

/*
 * Answers for a request without a valid session: 401 problem+json for the API, a redirect to
 * sign-in (keeping where the analyst was going) for pages. Shared by proxy.ts and the data layer.
 */

export function unauthenticatedProblem() {
  const body = JSON.stringify({
    type: 'about:blank#unauthenticated',
    title: 'Sign-in required',
    status: 401,
    detail: 'Sign in to Verity to see this data.',
  })
  return new NextResponse(body, {
    status: 401,
    headers: {
      'Content-Type': 'application/problem+json',
      'Cache-Control': jsonCacheControl(body),
    },
  })
}

export function signInPath(returnTo: string) {
  return returnTo === '/'
    ? '/auth/sign-in'
    : `/auth/sign-in?returnTo=${encodeURIComponent(returnTo)}`
}
