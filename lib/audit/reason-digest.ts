import { createHash } from 'node:crypto'

/**
 * What the trail keeps of an analyst's free-text reason (a decision's, a case's): its SHA-256,
 * enough to prove which text it was. The append-only trail and its log lines must never hold
 * what an analyst typed (an e-mail address or a phone number would stay forever); the text
 * stays where it can be read in context (the decisions table, the case's event log).
 */
export function reasonDigest(reason: string) {
  return `sha256:${createHash('sha256').update(reason).digest('hex')}`
}
