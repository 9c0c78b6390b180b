/* What /history-sync says of the provider's deliveries (browser-safe: types only). */

export type DeliveryStatus = {
  /** Whether this instance takes deliveries (DS_WEBHOOK_SECRET set). */
  enabled: boolean
  /** Deliveries verified and committed, new or already held. */
  received: number
  alreadyHeld: number
  refused: number
  last: { at: string; recordId: string; eventType: string | null } | null
  /** Refused deliveries per reason, the latest first: how many, and the last one's time and size. */
  refusals: { at: string; reason: string; status: number; bodyBytes: number; count: number }[]
}
