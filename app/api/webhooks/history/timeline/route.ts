import { webhookHistoryParams } from '@/lib/api/params'
import { readRoute } from '@/lib/api/route'
import { viewWebhookTimeline } from '@/lib/webhooks/views'

// GET /api/webhooks/history/timeline?after=&webhook_id= – one page, summarised
export const GET = readRoute(webhookHistoryParams, ({ after, webhook_id }) =>
  viewWebhookTimeline({ after, webhookId: webhook_id }),
)
