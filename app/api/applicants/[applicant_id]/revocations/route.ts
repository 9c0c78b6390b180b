import { actionRoute } from '@/lib/api/route'
import { revocationRequest } from '@/lib/review/standing/revocation-request'
import { revokeStanding } from '@/lib/review/standing/service'

// POST /api/applicants/{applicant_id}/revocations – a lead ends a standing false positive (403 otherwise)
export const POST = actionRoute(revocationRequest, (request) => revokeStanding(request))
