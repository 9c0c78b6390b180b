import { z } from 'zod'

import { actionRoute } from '@/lib/api/route'
import { deliveryIdParam } from '@/lib/notifications/events'
import { resend } from '@/lib/notifications/service'

// POST /api/notifications/{id} – send a sent or failed notification again (leads; audited); 409 when it is on its way or had no channel
export const POST = actionRoute(z.object({ id: deliveryIdParam }), ({ id }) => resend(id))
