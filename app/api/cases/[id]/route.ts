import { z } from 'zod'

import { actionRoute, readRoute } from '@/lib/api/route'
import { caseActionRequest, caseIdParam } from '@/lib/cases/requests'
import { act, caseForApi } from '@/lib/cases/service'

// GET /api/cases/{id} – the case, its event log, and whom a lead may assign it to
export const GET = readRoute(z.object({ id: caseIdParam }), ({ id }) => caseForApi(id))

// POST /api/cases/{id} – claim, release, assign, or move the case; refused with 409 (403 for a non-lead's assign) saying why
export const POST = actionRoute(caseActionRequest, ({ id, ...action }) => act(id, action))
