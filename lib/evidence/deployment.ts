import { createHash } from 'node:crypto'

import { hmacSha256 } from '@/lib/util/hmac'

/*
 * Which Verity a pack comes from: a MAC of a fixed text under the audit key, so the id names the
 * key (and so the trail) without revealing it. Instances that share a trail share the id.
 */

export function deploymentId(auditKey: Uint8Array): string {
  return hmacSha256(auditKey).update('verity evidence deployment').digest('hex').slice(0, 16)
}

export function sha256(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/** The audit row's field: the pack's variant and both files' hashes, found again by verify.ts. */
export function packField(unmasked: boolean, pdf: string, json: string) {
  return `${unmasked ? 'evidence-pack-unmasked' : 'evidence-pack'} pdf=${pdf} json=${json}`
}

export const PACK_FIELD_PREFIX = 'evidence-pack'
