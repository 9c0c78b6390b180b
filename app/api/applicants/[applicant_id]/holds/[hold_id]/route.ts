import { actionRoute } from '@/lib/api/route'
import { liftHold } from '@/lib/retention/actions'
import { liftRequest } from '@/lib/retention/contract'

// DELETE /api/applicants/{applicant_id}/holds/{hold_id} – a lead lifts a legal hold, with a reason
export const DELETE = actionRoute(liftRequest, (input) => liftHold(input))
