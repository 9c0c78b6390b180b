import { otherMethod, receiveDelivery } from '@/lib/history-mirror/receive'

// POST /api/upstream/webhooks – the provider's signed webhook deliveries, stored in the history
// mirror; the one route without sign-in: its signature is its credential (docs/security.md). Every
// other method answers as a POST would without a secret set (404), else 405.
export function POST(request: Request) {
  return receiveDelivery(request)
}

export const GET = otherMethod
export const HEAD = otherMethod
export const PUT = otherMethod
export const PATCH = otherMethod
export const DELETE = otherMethod
export const OPTIONS = otherMethod
