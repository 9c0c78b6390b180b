import { readRoute } from '@/lib/api/route'
import { loadQueue } from '@/lib/cases/service'
import { caseListParams } from '@/lib/cases/views'

// GET /api/cases?view=&owner=&risk=&state=&age=&sort=&page= – one page of a queue view, and every view's count
export const GET = readRoute(caseListParams, (params) => loadQueue(params))
