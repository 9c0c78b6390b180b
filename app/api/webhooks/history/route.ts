import { webhookHistoryParams } from '@/lib/api/params'
import { readRoute } from '@/lib/api/route'
import { viewWebhookHistory } from '@/lib/webhooks/views'

// GET /api/webhooks/history?after=&webhook_id= – one page of webhook history
export const GET = readRoute(webhookHistoryParams, ({ after, webhook_id }) =>
  viewWebhookHistory({ after, webhookId: webhook_id }),
)
