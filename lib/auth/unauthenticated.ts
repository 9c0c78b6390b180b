import { NextResponse } from 'next/server'

/*
 * Answers for a request without a valid session: 401 problem+json for the API, a redirect to
 * sign-in (keeping where the analyst was going) for pages. Shared by proxy.ts and the data layer.
 */

export function unauthenticatedProblem() {
  return NextResponse.json(
    {
      type: 'about:blank#unauthenticated',
      title: 'Sign-in required',
      status: 401,
      detail: 'Sign in to Verity to see this data.',
    },
    {
      status: 401,
      headers: { 'Content-Type': 'application/problem+json', 'Cache-Control': 'private, no-store' },
    },
  )
}

export function signInPath(returnTo: string) {
  return returnTo === '/'
    ? '/auth/sign-in'
    : `/auth/sign-in?returnTo=${encodeURIComponent(returnTo)}`
}
