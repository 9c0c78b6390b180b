import { receiveDelivery } from '@/lib/history-mirror/receive'

// POST /api/upstream/webhooks – the provider's signed webhook deliveries, stored in the history
// mirror; the one route without sign-in: its signature is its credential (docs/security.md)
export function POST(request: Request) {
  return receiveDelivery(request)
}
