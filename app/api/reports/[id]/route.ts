import { z } from 'zod'

import { actionRoute, readRoute } from '@/lib/api/route'
import { reportActionRequest, reportIdParam, reportPatch } from '@/lib/fiu-reports/contract'
import { actOnReport, patchReport, readReport } from '@/lib/fiu-reports/service'

// GET /api/reports/{id} – the report, its citations and its field errors; 404 to whoever may not know of it
export const GET = readRoute(z.object({ id: reportIdParam }), ({ id }) => readReport(id))

// PATCH /api/reports/{id} – the fields to change, while a draft; 409 once submitted or approved
export const PATCH = actionRoute(reportPatch.extend({ id: reportIdParam }), ({ id, ...patch }) =>
  patchReport(id, patch),
)

// POST /api/reports/{id} – submit, approve, return, file, acknowledge or reject
export const POST = actionRoute(
  reportActionRequest.extend({ id: reportIdParam }),
  ({ id, ...action }) => actOnReport(id, action),
)
