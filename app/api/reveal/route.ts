import { z } from 'zod'

import { actionRoute } from '@/lib/api/route'
import { revealValue } from '@/lib/projection/reveal'

// POST /api/reveal – one masked value, read again and audited on the server before it is answered
export const POST = actionRoute(
  z.object({ ref: z.string({ error: 'ref is required' }).min(1).max(4_096) }),
  ({ ref }) => revealValue(ref),
)
