import 'server-only'

import { timingSafeEqual } from 'node:crypto'

import { hmacSha256 } from '@/lib/util/hmac'

/*
 * The webhook signature scheme the provider documents for its deliveries, which Verity's own
 * outgoing webhook uses too: a header `t=<unix seconds>,v1=<hex HMAC-SHA256>`, computed over
 * `"<t>.<raw body>"` (the bytes as they came, never parsed and serialised again) with a signing
 * secret, `whsec_` followed by hex, as the key once the prefix is stripped and the hex decoded.
 * Incoming: lib/history-mirror/receive.ts; outgoing: lib/notifications/channels.ts.
 */

/** A delivery signed further from now than this is refused: a replay of an old one, or a bad clock. */
export const TOLERANCE_SECONDS = 300

export type SignatureRefusal =
  | 'missing_signature'
  | 'malformed_signature'
  | 'stale_timestamp'
  | 'bad_signature'

/** The HMAC keys of the signing secrets (`whsec_` and hex each; two while one is rotated out). */
export function signingKeys(secrets: readonly string[]): Buffer[] {
  return secrets.map((secret) => Buffer.from(secret.replace(/^whsec_/i, ''), 'hex'))
}

type Refused = { ok: false; reason: SignatureRefusal }

/** A signature header read: its timestamp and its `v1` signatures. */
export type ReadHeader = { ok: true; timestamp: string; signatures: Buffer[] }

/**
 * The header alone, before any body is read: present, well formed (a `t` of up to 12 digits and at
 * least one `v1` of 64 hex digits) and signed at most TOLERANCE_SECONDS from `nowSeconds`.
 */
export function readSignatureHeader(
  header: string | null,
  nowSeconds: number,
): ReadHeader | Refused {
  if (!header?.trim()) return { ok: false, reason: 'missing_signature' }
  let timestamp: string | undefined
  const signatures: Buffer[] = []
  for (const part of header.split(',')) {
    const [name = '', value = ''] = part.split('=', 2).map((piece) => piece.trim())
    if (name === 't') timestamp = value
    // A v1 that is not 64 hex digits can match nothing; other schemes are not the provider's.
    else if (name === 'v1' && /^[0-9a-f]{64}$/i.test(value))
      signatures.push(Buffer.from(value, 'hex'))
  }
  if (timestamp === undefined || !/^\d{1,12}$/.test(timestamp) || signatures.length === 0) {
    return { ok: false, reason: 'malformed_signature' }
  }
  if (Math.abs(nowSeconds - Number(timestamp)) > TOLERANCE_SECONDS) {
    return { ok: false, reason: 'stale_timestamp' }
  }
  return { ok: true, timestamp, signatures }
}

/** Whether a header read signs `body` with one of `keys`, each compared in constant time. */
export function verifyBody(
  read: ReadHeader,
  body: Uint8Array,
  keys: readonly Buffer[],
): { ok: true } | Refused {
  const matches = keys.some((key) => {
    const expected = sign(key, read.timestamp, body)
    return read.signatures.some((signature) => timingSafeEqual(signature, expected))
  })
  return matches ? { ok: true } : { ok: false, reason: 'bad_signature' }
}

/**
 * Whether `header` signs `body` with one of `keys`, at most TOLERANCE_SECONDS from `nowSeconds`;
 * else why not. Every `v1` in the header is tried against every key.
 */
export function verifySignature(
  header: string | null,
  body: Uint8Array,
  keys: readonly Buffer[],
  nowSeconds: number,
): { ok: true } | Refused {
  const read = readSignatureHeader(header, nowSeconds)
  return read.ok ? verifyBody(read, body, keys) : read
}

function sign(key: Buffer, timestamp: string, body: Uint8Array | string): Buffer {
  return hmacSha256(key).update(`${timestamp}.`).update(body).digest()
}

/** The header value that signs `body` with `secret` at `unixSeconds`. */
export function signBody(secret: string, body: string, unixSeconds: number): string {
  const [key] = signingKeys([secret])
  return `t=${unixSeconds},v1=${sign(key!, String(unixSeconds), body).toString('hex')}`
}
