import 'server-only'

import { cookies, headers } from 'next/headers'
import type { NextRequest, NextResponse } from 'next/server'
import { cache } from 'react'

import { requestScope } from '@/lib/api/request-scope'

import { AuthRequiredError } from './errors'
import { cookieIsSecure, headersAreSecure } from './request'
import { clearedSessionCookie, sessionCookieName } from './session-cookie'
import { sessionViewer } from './session-service'
import { authSettings, type OidcSettings } from './settings'
import type { Viewer } from './viewer'
import { takeOverViewer, VIEWER_HEADER } from './viewer-handoff'

/*
 * Who the signed-in analyst is, found in one place whichever way the request came: the two gates
 * that see the request itself (proxy.ts for pages, lib/api/gate.ts for the API) open its session
 * cookie with requestSession; everything after them asks getViewer, which takes the viewer the API
 * gate put in the request scope or the one proxy.ts handed on (lib/auth/viewer-handoff.ts), and
 * only without either looks the cookie up itself.
 */

/** Stands for everyone when sign-in is off; the audit log names it as such. */
export const ANONYMOUS: Viewer = {
  iss: 'verity:sign-in-off',
  sub: 'anonymous',
  email: null,
  name: 'sign-in off',
  groups: [],
}

/**
 * The viewer of this request (anonymous when sign-in is off), or null without a valid session:
 * the one proxy.ts found and handed on, else looked up from the session cookie here.
 */
export const getViewer = cache(async (): Promise<Viewer | null> => {
  // An API request: its route wrapper has already found the viewer (lib/api/gate.ts).
  const scoped = requestScope()
  if (scoped) return scoped.viewer
  const settings = authSettings()
  if (settings.mode === 'off') return ANONYMOUS
  const incoming = await headers()
  const handedOn = takeOverViewer(incoming.get(VIEWER_HEADER), incoming.get('x-request-id'))
  if (handedOn) return handedOn
  const name = sessionCookieName(headersAreSecure(incoming, settings))
  return sessionViewer((await cookies()).get(name)?.value, settings)
})

/** The viewer of this request, for what needs a signed-in analyst (401 otherwise). */
export async function requireViewer(): Promise<Viewer> {
  const viewer = await getViewer()
  if (!viewer) throw new AuthRequiredError()
  return viewer
}

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
