import { actionRoute, readRoute } from '@/lib/api/route'
import { decisionRequest, decisionsParams } from '@/lib/review/decision-request'
import { decisionsForSearch } from '@/lib/review/decisions'
import { recordDecision } from '@/lib/review/record-decision'

// GET /api/aml/{id}/decisions?subject= – every decision on the report's matches, and the applicant's
// earlier ones; the browser polls it, so it never reads the webhook history for the subject
export const GET = readRoute(decisionsParams, ({ id, subject }) =>
  decisionsForSearch(id, subject, { poll: true }),
)

// POST /api/aml/{id}/decisions – one decision on one match, checked against the four-eyes rules and audited
export const POST = actionRoute(decisionRequest, ({ id, subject, ...decision }) =>
  recordDecision({ ...decision, searchId: id, subject }),
)
