import { z } from 'zod'

import { shortIdParam } from '@/lib/api/params'
import { readRoute } from '@/lib/api/route'
import { viewVerification } from '@/lib/verifications/views'

// GET /api/verifications/short/{short_id} – a verification by its short id (verification_url_id)
export const GET = readRoute(z.object({ short_id: shortIdParam }), ({ short_id }) =>
  viewVerification(short_id),
)
