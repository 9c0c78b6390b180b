import 'server-only'

import { randomUUID } from 'node:crypto'

import type { NextRequest } from 'next/server'

import { problem } from '@/lib/api/problem'
import { inRequestScope } from '@/lib/api/request-scope'
import { crossSiteProblem, isSameOriginRequest } from '@/lib/api/same-origin'
import { audit } from '@/lib/audit/record'
import { clientRequestId } from '@/lib/audit/request-id'
import { publicOrigin } from '@/lib/auth/request'
import { rolesOf } from '@/lib/auth/roles'
import { ANONYMOUS, dropStaleCookie, requestSession } from '@/lib/auth/session'
import { authSettings } from '@/lib/auth/settings'
import { unauthenticatedProblem } from '@/lib/auth/unauthenticated'
import type { Viewer } from '@/lib/auth/viewer'

/*
 * proxy.ts's jobs for the API, done by the route wrapper: proxy.ts does not run for /api/ (running
 * it cost each API request more than its own code, issue 19). Anything but a read must come from
 * Verity's own pages; without a valid session the answer is 401 and no handler runs; every answer
 * carries the server's own request id. The handler runs in a request scope (lib/api/request-scope.ts)
 * that gives the data layer the viewer found here and the audit trail the ids, so the session is
 * looked up once. The data layer's own check stays: a handler reached some other way looks the
 * session up itself.
 */
export async function gated(request: NextRequest, handle: () => Promise<Response>) {
  const started = performance.now()
  const requestId = randomUUID()
  const viewer = await viewerOf(request)
  let response: Response
  if (viewer instanceof Response) {
    response = viewer
  } else {
    const clientId = clientRequestId(request.headers.get('x-request-id'))
    const scope = {
      requestId,
      ...(clientId ? { clientRequestId: clientId } : {}),
      viewer,
      timings: new Map([['gate', performance.now() - started]]),
    }
    response = await inRequestScope(scope, () =>
      refusedToAuditor(request, viewer) ? refuseAuditor(request, viewer) : handle(),
    )
  }
  response.headers.set('X-Request-Id', requestId)
  return response
}

/** The request's viewer, or the refusal: a cross-site change, or no valid session. */
async function viewerOf(request: NextRequest): Promise<Viewer | Response> {
  const settings = authSettings()
  if (!isSameOriginRequest(request, publicOrigin(request, settings))) return crossSiteProblem()
  if (settings.mode === 'off') return ANONYMOUS
  const session = await requestSession(request, settings)
  return session.viewer ?? dropStaleCookie(unauthenticatedProblem(), session)
}

/** Changes an auditor may still make: checking a file they hold changes nothing in Verity. */
const READ_ONLY_POSTS = new Set(['/api/evidence/verify'])

/**
 * An auditor (lib/auth/roles.ts) reads and changes nothing: every request but a read is refused
 * here, before any handler runs, so no route can forget it (reveal, case actions, decisions,
 * notes, exports, sends).
 */
function refusedToAuditor(request: NextRequest, viewer: Viewer) {
  if (request.method === 'GET' || request.method === 'HEAD') return false
  if (READ_ONLY_POSTS.has(request.nextUrl.pathname)) return false
  return rolesOf(viewer).auditor
}

async function refuseAuditor(request: NextRequest, viewer: Viewer) {
  await audit(
    viewer,
    'change',
    { type: 'api', id: request.nextUrl.pathname },
    'denied',
    request.method,
  )
  return problem(
    403,
    'read_only',
    'Read-only',
    'Auditors read and change nothing: revealing, acting on a case, deciding, noting and sending are refused.',
  )
}
