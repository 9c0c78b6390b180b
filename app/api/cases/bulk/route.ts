import { actionRoute } from '@/lib/api/route'
import { bulkRequest } from '@/lib/cases/requests'
import { bulk } from '@/lib/cases/service'

// POST /api/cases/bulk – assign, release or close as false positive several cases, each checked on its own
export const POST = actionRoute(bulkRequest, (request) => bulk(request))
