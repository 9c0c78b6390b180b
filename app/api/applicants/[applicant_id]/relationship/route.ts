import { actionRoute } from '@/lib/api/route'
import { withdrawRelationship } from '@/lib/retention/actions'
import { withdrawalRequest } from '@/lib/retention/contract'
import { relationshipEndRoute } from '@/lib/retention/routes'

// POST /api/applicants/{applicant_id}/relationship – the business relationship's end (a lead, or RETENTION_API_TOKEN)
export const POST = relationshipEndRoute

// DELETE /api/applicants/{applicant_id}/relationship – a lead withdraws the end: the relationship resumed
export const DELETE = actionRoute(withdrawalRequest, (input) => withdrawRelationship(input))
