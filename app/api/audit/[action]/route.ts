import type { NextRequest } from 'next/server'

import { problem } from '@/lib/api/problem'
import { auditRequestSchema } from '@/lib/audit/request'
import { audit } from '@/lib/audit/record'
import { getViewer } from '@/lib/auth/session'
import { unauthenticatedProblem } from '@/lib/auth/unauthenticated'

// POST /api/audit/{reveal|export} – records that the analyst revealed a masked value or exported data
export async function POST(request: NextRequest, { params }: RouteContext<'/api/audit/[action]'>) {
  const { action } = await params
  if (action !== 'reveal' && action !== 'export') {
    return problem(404, 'not_found', 'Not found', 'There is no such audit action.')
  }
  const viewer = await getViewer()
  if (!viewer) return unauthenticatedProblem()
  let body: unknown
  try {
    body = await request.json()
  } catch {
    return problem(400, 'bad_parameter', 'Bad request', 'The body must be JSON.')
  }
  const parsed = auditRequestSchema(action).safeParse(body)
  if (!parsed.success) {
    return problem(
      400,
      'bad_parameter',
      'Bad request',
      parsed.error.issues[0]?.message ?? 'Invalid body.',
    )
  }
  const { resourceType, resourceId, field } = parsed.data
  const record = await audit(viewer, action, { type: resourceType, id: resourceId }, 'ok', field)
  return Response.json(
    { recorded: true, requestId: record.requestId },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}
