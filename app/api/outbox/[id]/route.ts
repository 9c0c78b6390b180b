import { z } from 'zod'

import { actionRoute } from '@/lib/api/route'
import { deliveryIdParam } from '@/lib/notify/events'
import { resend } from '@/lib/notify/service'

// POST /api/outbox/{id} – send a sent or failed notification again (leads; audited); 409 when it is on its way or had no channel
export const POST = actionRoute(z.object({ id: deliveryIdParam }), ({ id }) => resend(id))
