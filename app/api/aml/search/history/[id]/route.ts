import { z } from 'zod'

import { viewAmlSearch } from '@/lib/aml/views'
import { amlSearchIdParam } from '@/lib/api/params'
import { readRoute } from '@/lib/api/route'

// GET /api/aml/search/history/{id} – the stored result of an AML search
export const GET = readRoute(z.object({ id: amlSearchIdParam }), ({ id }) => viewAmlSearch(id))
