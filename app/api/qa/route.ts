import { actionRoute, readRoute } from '@/lib/api/route'
import { qaPeriod } from '@/lib/qa/requests'
import { drawOnDemand, loadQa } from '@/lib/qa/service'

// GET /api/qa?from=YYYY-MM-DD&to=YYYY-MM-DD – the QA draws of a period: seeds, sampled cases and their results; leads and auditors
export const GET = readRoute(qaPeriod, loadQa)

// POST /api/qa – { from, to }: a lead draws the QA sample of a period on demand, audited with its seed and sampled ids
export const POST = actionRoute(qaPeriod, drawOnDemand)
