import type { NextRequest } from 'next/server'

import { firstIssue, searchParamsObject, webhookHistoryParams } from '@/lib/api/params'
import { problem, respond } from '@/lib/api/problem'
import { getWebhookHistory } from '@/lib/upstream/client'

// GET /api/notifications/webhook/history?after=&webhook_id= – one page of webhook history
export function GET(request: NextRequest) {
  const params = webhookHistoryParams.safeParse(searchParamsObject(request.nextUrl.searchParams))
  if (!params.success)
    return problem(400, 'bad_parameter', 'Bad parameter', firstIssue(params.error))
  return respond(() =>
    getWebhookHistory({ after: params.data.after, webhookId: params.data.webhook_id }),
  )
}
