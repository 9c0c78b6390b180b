import { placeHold } from '@/lib/retention/actions'
import { holdRequest } from '@/lib/retention/contract'
import { createdRoute } from '@/lib/retention/routes'

// POST /api/applicants/{applicant_id}/holds – a lead places a legal hold (201 with the hold)
export const POST = createdRoute(holdRequest, (input) => placeHold(input))
