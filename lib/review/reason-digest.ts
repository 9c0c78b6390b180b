import { createHash } from 'node:crypto'

/**
 * What the audit trail keeps of a free-text reason (a decision's, a revocation's): its SHA-256,
 * enough to prove which text it was. Free text may hold personal data, and the trail keeps
 * everything forever.
 */
export function reasonDigest(reason: string) {
  return `sha256:${createHash('sha256').update(reason).digest('hex')}`
}
