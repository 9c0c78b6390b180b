import 'server-only'

import { timingSafeEqual } from 'node:crypto'

import type { NextRequest } from 'next/server'

import { readJsonBody } from '@/lib/api/body'
import { gated } from '@/lib/api/gate'
import { firstIssue } from '@/lib/api/params'
import { problem, respond } from '@/lib/api/problem'
import { inRequestScope } from '@/lib/api/request-scope'
import { actionRoute } from '@/lib/api/route'

import { DEPLOYMENT_ACTOR, endRelationship } from './actions'
import { applicantParam, relationshipEndRequest } from './contract'
import { retentionSettings } from './settings'
import { subjectAccessExport } from './subject-access'

/*
 * The retention routes that the route factory's shapes do not cover: a 201 for what a POST
 * creates, the end of a relationship recorded by the deployment's own systems with a bearer token
 * (RETENTION_API_TOKEN) instead of a session, and the subject access export answered as the very
 * bytes whose SHA-256 the trail records.
 */

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> }

/** actionRoute, answering 201 when the action succeeds. */
export function createdRoute<B>(...args: Parameters<typeof actionRoute<B>>) {
  const route = actionRoute(...args)
  return async (request: NextRequest, ctx?: RouteContext) => {
    const response = await route(request, ctx)
    if (response.status !== 200) return response
    return new Response(response.body, { status: 201, headers: response.headers })
  }
}

const sessionEnd = actionRoute(relationshipEndRequest, (input) => endRelationship(input))

function tokenMatches(given: string, expected: string) {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** POST /api/applicants/{id}/relationship: a lead's session, or `Authorization: Bearer <token>`. */
export async function relationshipEndRoute(request: NextRequest, ctx: RouteContext) {
  const authorization = request.headers.get('authorization')
  if (!authorization?.startsWith('Bearer ')) return sessionEnd(request, ctx)
  const expected = retentionSettings().apiToken
  if (!expected || !tokenMatches(authorization.slice(7).trim(), expected)) {
    return problem(401, 'unauthenticated', 'Unauthenticated', 'The bearer token is not valid.')
  }
  const read = await readJsonBody(request)
  if (!read.ok) return read.response
  const body = typeof read.value === 'object' && read.value !== null ? read.value : {}
  const parsed = relationshipEndRequest.safeParse({ ...body, ...(await ctx.params) })
  if (!parsed.success) {
    return problem(400, 'bad_parameter', 'Bad parameter', firstIssue(parsed.error))
  }
  const scope = { requestId: crypto.randomUUID(), viewer: DEPLOYMENT_ACTOR, timings: new Map() }
  return inRequestScope(scope, () => respond(() => endRelationship(parsed.data, 'token')))
}

/** GET /api/applicants/{id}/subject-access: the document, as a download. */
export function subjectAccessRoute(request: NextRequest, ctx: RouteContext) {
  return gated(request, async () => {
    const parsed = applicantParam.safeParse(await ctx.params)
    if (!parsed.success) {
      return problem(400, 'bad_parameter', 'Bad parameter', firstIssue(parsed.error))
    }
    const id = parsed.data.applicant_id
    let made: Awaited<ReturnType<typeof subjectAccessExport>> | undefined
    // A refusal or failure is answered as every route answers it; success, as the bytes hashed.
    const failed = await respond(async () => {
      made = await subjectAccessExport(id)
      return null
    })
    if (!made) return failed
    return new Response(made.text, {
      headers: {
        'Content-Type': 'application/json',
        'Content-Disposition': `attachment; filename="subject-access-${id.replace(/[^A-Za-z0-9_.-]/g, '_')}.json"`,
        'Cache-Control': 'private, no-store',
        'X-Content-SHA256': made.hash,
      },
    })
  })
}
