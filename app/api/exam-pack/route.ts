import { fileRoute } from '@/lib/api/route'
import { examPackRequest } from '@/lib/exam/request'
import { examPackResponse } from '@/lib/exam/service'

// GET /api/exam-pack?from=YYYY-MM-DD&to=YYYY-MM-DD[&data=unmasked] – a period's signed exam pack, a streamed ZIP; leads and auditors (masked only), audited
export const GET = fileRoute(examPackRequest, examPackResponse)
