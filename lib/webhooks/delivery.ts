/** How a notification's delivery went, from the optional fields the provider's docs name. */
type DeliveryState = 'delivered' | 'failed' | 'pending'

export type Delivery = {
  state: DeliveryState
  attempts: number | null
  responseCode: string | null
  lastAttemptAt: string | null
}

type DeliveryFields = {
  attempts?: number | null
  response_code?: string | number | null
  last_attempt_at?: string | null
}

/**
 * null when the record carries no delivery fields at all (the reference has none). An empty
 * response code means the delivery is still pending; a 2xx code is delivered; any other code or
 * word (`timeout`) is a failure.
 */
export function classifyDelivery(record: DeliveryFields): Delivery | null {
  const attempts = typeof record.attempts === 'number' ? record.attempts : null
  const code =
    record.response_code === null || record.response_code === undefined
      ? null
      : String(record.response_code).trim() || null
  const lastAttemptAt = record.last_attempt_at || null
  const hasCode = record.response_code !== null && record.response_code !== undefined
  if (attempts === null && !hasCode && lastAttemptAt === null) return null
  return { state: stateOf(code), attempts, responseCode: code, lastAttemptAt }
}

function stateOf(code: string | null): DeliveryState {
  if (code === null) return 'pending'
  const status = Number(code)
  return Number.isInteger(status) && status >= 200 && status < 300 ? 'delivered' : 'failed'
}
