import { z } from 'zod'

import { amlSearchIdParam } from '@/lib/api/params'
import { readRoute } from '@/lib/api/route'
import { viewAmlSearch } from '@/lib/data/views'

// GET /api/aml/search/history/{id} – the stored result of an AML search
export const GET = readRoute(z.object({ id: amlSearchIdParam }), ({ id }) => viewAmlSearch(id))
