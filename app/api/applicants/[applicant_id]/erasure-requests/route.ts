import { requestErasure } from '@/lib/retention/actions'
import { erasureRequestBody } from '@/lib/retention/contract'
import { createdRoute } from '@/lib/retention/routes'

// POST /api/applicants/{applicant_id}/erasure-requests – a lead records a person's erasure request
export const POST = createdRoute(erasureRequestBody, (input) => requestErasure(input))
