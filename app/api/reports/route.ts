import type { NextRequest } from 'next/server'

import { actionRoute, readRoute } from '@/lib/api/route'
import { createReportRequest, reportListParams } from '@/lib/fiu-reports/contract'
import { listReports, startReport } from '@/lib/fiu-reports/service'

// GET /api/reports?state= – the reports to the FIU the caller may see (leads: all; others: their own drafts)
export const GET = readRoute(reportListParams, ({ state }) => listReports(state))

const create = actionRoute(createReportRequest, startReport)

// POST /api/reports – { caseId, code, corrects? }: a drafted report of the case, 201
export async function POST(request: NextRequest) {
  const response = await create(request)
  if (response.status !== 200) return response
  return new Response(response.body, { status: 201, headers: response.headers })
}
