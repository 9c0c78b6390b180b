import { NextResponse, type NextRequest } from 'next/server'

import { crossSiteProblem, isSameOriginRequest } from '@/lib/api/same-origin'
import { CLIENT_REQUEST_ID_HEADER, clientRequestId } from '@/lib/audit/request-id'
import { publicOrigin, servedOverHttps } from '@/lib/auth/request'
import { safeReturnTo } from '@/lib/auth/return-to'
import { dropStaleCookie, requestSession } from '@/lib/auth/session'
import { authSettings, type AuthSettings } from '@/lib/auth/settings'
import { signInPath, unauthenticatedProblem } from '@/lib/auth/unauthenticated'
import type { Viewer } from '@/lib/auth/viewer'
import { handOffViewer, VIEWER_HEADER } from '@/lib/auth/viewer-handoff'

/*
 * Three jobs, for everything but the API (/api/ has the same gate in its route wrapper,
 * lib/api/gate.ts: running this proxy cost an API request more than its own code, issue 19).
 * Cross-site requests: anything but a read must come from Verity's own pages
 * (lib/api/same-origin.ts). The sign-in gate: without a valid session a page redirects to sign-in;
 * with one, the viewer it found is handed on to the page under an HMAC
 * (lib/auth/viewer-handoff.ts) so the session is looked up once per request. The data layer still checks: without a handed-on viewer that verifies it looks the
 * session up itself, so skipping this proxy exposes nothing. And a per-request
 * Content-Security-Policy with a fresh nonce on everything that may be HTML, prefetches included:
 * Next.js reads the policy from the request headers and puts the nonce on its own scripts, which
 * is why pages render dynamically. Headers that do not change per request are set on
 * every response by lib/api/security-headers.ts.
 */
export async function proxy(request: NextRequest) {
  const requestHeaders = new Headers(request.headers)
  // The server's own id, shared by the audit log and the access log; the client's, if it sent a
  // plain one, travels apart and marked as the client's (lib/audit/request-id.ts).
  const requestId = crypto.randomUUID()
  requestHeaders.set('x-request-id', requestId)
  const clientId = clientRequestId(request.headers.get('x-request-id'))
  if (clientId) requestHeaders.set(CLIENT_REQUEST_ID_HEADER, clientId)
  else requestHeaders.delete(CLIENT_REQUEST_ID_HEADER)

  const settings = authSettings()
  const passed = isSameOriginRequest(request, publicOrigin(request, settings))
    ? await gate(request, settings)
    : crossSiteProblem()
  if (passed instanceof NextResponse) {
    passed.headers.set('X-Request-Id', requestId)
    return passed
  }
  // Whatever the client sent under this name is dropped; only this proxy's own statement goes on.
  if (passed) requestHeaders.set(VIEWER_HEADER, handOffViewer(passed, requestId))
  else requestHeaders.delete(VIEWER_HEADER)
  // `/api` itself (no route): JSON's fixed policy of its own applies (lib/api/security-headers.ts).
  if (isApi(request)) {
    const response = NextResponse.next({ request: { headers: requestHeaders } })
    response.headers.set('X-Request-Id', requestId)
    return response
  }

  const nonce = Buffer.from(crypto.randomUUID()).toString('base64')
  const csp = contentSecurityPolicy(nonce)
  requestHeaders.set('x-nonce', nonce)
  requestHeaders.set('Content-Security-Policy', csp)

  const response = NextResponse.next({ request: { headers: requestHeaders } })
  response.headers.set('Content-Security-Policy', csp)
  response.headers.set('X-Request-Id', requestId)
  if (servedOverHttps(request)) {
    response.headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains')
  }
  return response
}

// Sign-in itself, which must be reachable without a session, and the public key that verifies
// evidence packs, for whoever holds one (an auditor, a regulator).
const PUBLIC_PATHS = [/^\/auth(\/|$)/, /^\/\.well-known\/verity-evidence-key$/]

function isApi(request: NextRequest) {
  return request.nextUrl.pathname === '/api' || request.nextUrl.pathname.startsWith('/api/')
}

/**
 * The response for a request without a valid session; else the session's viewer, or null where
 * none is needed (sign-in off, public paths).
 */
async function gate(
  request: NextRequest,
  settings: AuthSettings,
): Promise<NextResponse | Viewer | null> {
  if (settings.mode === 'off') return null
  const { pathname, search } = request.nextUrl
  if (PUBLIC_PATHS.some((pattern) => pattern.test(pathname))) return null
  const session = await requestSession(request, settings)
  if (session.viewer) return session.viewer

  let response: NextResponse
  if (isApi(request)) {
    response = unauthenticatedProblem()
  } else {
    // RSC and prefetch markers are not part of the page the analyst asked for.
    const params = new URLSearchParams(search)
    params.delete('_rsc')
    const query = params.size > 0 ? `?${params.toString()}` : ''
    const returnTo = safeReturnTo(`${pathname.replace(/\.rsc$|\.segments\/.*$/, '')}${query}`)
    response = NextResponse.redirect(new URL(signInPath(returnTo), request.url))
    response.headers.set('Cache-Control', 'private, no-store')
  }
  // A tampered, ended or expired session's cookie is dropped so the browser stops sending it.
  return dropStaleCookie(response, session)
}

function contentSecurityPolicy(nonce: string) {
  // React needs eval only for its development error overlay.
  const devEval = process.env.NODE_ENV === 'development' ? " 'unsafe-eval'" : ''
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${devEval}`,
    // Inline style attributes (virtualised lists position rows with them); no inline scripts.
    "style-src 'self' 'unsafe-inline'",
    // AML match images come from the screening provider's sources, on any HTTPS host.
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

export const config = {
  // Everything but static files, prefetches included: a prefetch (`Purpose: prefetch`,
  // `Next-Router-Prefetch`) can be answered with a whole HTML page, which needs its policy too.
  // The files a browser or crawler asks for without a session (icons, manifest, robots.txt) are
  // excluded by their exact names, so `/robots.txt.html` still goes through the gate. The API's
  // routes gate themselves (lib/api/gate.ts), except the two probes a load balancer calls (no
  // data, GET only, headers from lib/api/security-headers.ts).
  matcher: [
    '/((?!_next/static|_next/image|api/|(?:favicon\\.ico|icon\\.svg|icon-\\d+\\.png|apple-touch-icon\\.png|manifest\\.webmanifest|robots\\.txt)$).*)',
  ],
}
