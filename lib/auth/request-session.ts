import 'server-only'

import type { NextRequest, NextResponse } from 'next/server'

import { cookieIsSecure } from './request'
import { clearedSessionCookie, sessionCookieName } from './session-cookie'
import { sessionViewer } from './session-service'
import type { OidcSettings } from './settings'

/*
 * The session a request's cookie opens, for the two gates that see the request itself: proxy.ts
 * (pages) and the API route wrapper (lib/api/gate.ts).
 */

/** The viewer of the request's session, or null (no cookie, or one that is ended, expired or tampered). */
export async function requestSession(request: NextRequest, settings: OidcSettings) {
  const secure = cookieIsSecure(request, settings)
  const token = request.cookies.get(sessionCookieName(secure))?.value
  return { viewer: await sessionViewer(token, settings), token, secure }
}

/** Drops a cookie that opened no session, so that the browser stops sending it. */
export function dropStaleCookie(
  response: NextResponse,
  { token, secure }: { token: string | undefined; secure: boolean },
) {
  if (token) response.cookies.set(...clearedSessionCookie(secure))
  return response
}
