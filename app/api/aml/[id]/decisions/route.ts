import { actionRoute, readRoute } from '@/lib/api/route'
import {
  decisionRequest,
  decisionsForSearch,
  decisionsParams,
  recordDecision,
} from '@/lib/review/decisions'

// GET /api/aml/{id}/decisions?subject= – every decision on the report's matches, and the applicant's earlier ones
export const GET = readRoute(decisionsParams, ({ id, subject }) => decisionsForSearch(id, subject))

// POST /api/aml/{id}/decisions – one decision on one match, checked against the four-eyes rules and audited
export const POST = actionRoute(decisionRequest, ({ id, subject, ...decision }) =>
  recordDecision({ ...decision, searchId: id, subject }),
)
