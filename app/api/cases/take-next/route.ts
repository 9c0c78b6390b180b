import { z } from 'zod'

import { actionRoute } from '@/lib/api/route'
import { take } from '@/lib/cases/service'

// POST /api/cases/take-next – the oldest unclaimed case of the highest risk, now the caller's; 409 when none is left
export const POST = actionRoute(z.object({}), () => take())
