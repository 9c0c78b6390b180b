import { z } from 'zod'

import { profileIdParam } from '@/lib/api/params'
import { readRoute } from '@/lib/api/route'
import { viewProfile } from '@/lib/profiles/views'

// GET /api/profiles/{profile_id} – one verification profile
export const GET = readRoute(z.object({ profile_id: profileIdParam }), ({ profile_id }) =>
  viewProfile(profile_id),
)
