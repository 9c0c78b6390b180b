import { createHmac } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'

/*
 * The provider's webhook deliveries, as its docs describe them: each record added is POSTed to the
 * webhook's URL, signed `X-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`
 * with the secret (`whsec_` + hex) hex-decoded as the key. Written here apart from Verity's
 * verifier, from the docs, so that a mistake in one is not repeated in the other. A failed delivery
 * (no answer, or not 2xx) is tried again a few times, then given up: the history keeps the record.
 */

export type WebhookTarget = { url: string; secret: string }

export type DeliveryStats = {
  sent: number
  failed: number
  attempts: number
  lastStatus: number | null
}

export function createDeliveryStats(): DeliveryStats {
  return { sent: 0, failed: 0, attempts: 0, lastStatus: null }
}

const ATTEMPTS = 4
const FIRST_RETRY_MS = 250
const TIMEOUT_MS = 10_000

/** The header for `body` signed at `seconds`. */
function signatureHeader(secret: string, body: string, seconds: number): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'hex')
  const digest = createHmac('sha256', key).update(`${seconds}.${body}`).digest('hex')
  return `t=${seconds},v1=${digest}`
}

/** Delivers bodies one at a time, in order, in the background; `idle` settles once all are done. */
export function createDeliverer(target: WebhookTarget, statsOf: () => DeliveryStats) {
  let queue: Promise<void> = Promise.resolve()
  const deliverOne = async (body: string) => {
    // Looked up each time: a reset of the counters replaces them.
    const stats = statsOf()
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      stats.attempts++
      try {
        const response = await fetch(target.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-webhook-signature': signatureHeader(
              target.secret,
              body,
              Math.floor(Date.now() / 1_000),
            ),
          },
          body,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        })
        stats.lastStatus = response.status
        await response.body?.cancel()
        if (response.ok) {
          stats.sent++
          return
        }
      } catch {
        stats.lastStatus = null
      }
      if (attempt < ATTEMPTS) await sleep(FIRST_RETRY_MS * 2 ** (attempt - 1))
    }
    stats.failed++
  }
  return {
    deliver: (bodies: readonly string[]) => {
      for (const body of bodies) queue = queue.then(() => deliverOne(body))
    },
    idle: () => queue,
  }
}
