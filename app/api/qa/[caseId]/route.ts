import { actionRoute } from '@/lib/api/route'
import { qaResultRequest } from '@/lib/qa/requests'
import { recordResult } from '@/lib/qa/service'

// POST /api/qa/{caseId} – { result: pass | fail, reason, corrects? }: a lead who did not close the sampled case records its QA result; a fail reopens it
export const POST = actionRoute(qaResultRequest, recordResult)
