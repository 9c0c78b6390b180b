import { createHmac } from 'node:crypto'

/*
 * The outgoing webhook's signature, as the provider signs its own deliveries: the key is the
 * secret's hex after `whsec_`, decoded; the signed text is "<unix seconds>.<raw body>"; the header
 * `X-Verity-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>`. A receiver recomputes it over the
 * bytes it received and refuses an old timestamp.
 */

export const SIGNATURE_HEADER = 'X-Verity-Signature'

export function signatureKey(secret: string): Buffer {
  return Buffer.from(secret.replace(/^whsec_/, ''), 'hex')
}

export function signBody(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', signatureKey(secret))
    .update(`${unixSeconds}.${body}`)
    .digest('hex')
  return `t=${unixSeconds},v1=${mac}`
}
