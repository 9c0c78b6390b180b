/* What /history-sync says of the provider's deliveries (browser-safe: types only). */

export type DeliveryStatus = {
  /** Whether this instance takes deliveries (DS_WEBHOOK_SECRET set). */
  enabled: boolean
  /** Deliveries verified and committed, new or already held. */
  received: number
  alreadyHeld: number
  refused: number
  last: { at: string; recordId: string; eventType: string | null } | null
  /** The newest refused deliveries, newest first. */
  refusals: { at: string; reason: string; status: number; bodyBytes: number }[]
}
