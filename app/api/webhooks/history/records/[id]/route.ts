import { webhookRecordParams } from '@/lib/api/params'
import { readRoute } from '@/lib/api/route'
import { viewWebhookRecord } from '@/lib/webhooks/views'

// GET /api/webhooks/history/records/{id}?after=&webhook_id= – one record, whole,
// read again from the page that listed it
export const GET = readRoute(webhookRecordParams, ({ id, after, webhook_id }) =>
  viewWebhookRecord({ id, after, webhookId: webhook_id }),
)
