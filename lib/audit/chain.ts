import { createHash } from 'node:crypto'

/*
 * The audit log is a hash chain: each line carries the hash of the line before it and its own
 * hash over that and its canonical JSON, so an edited, removed or reordered line breaks the chain
 * from that point on.
 */

export const GENESIS_HASH = '0'.repeat(64)

export type AuditAction = 'view' | 'reveal' | 'export'

export type AuditEntry = {
  time: string
  user: string
  action: AuditAction
  resource: { type: string; id: string | null }
  /** For a reveal, the field shown (never the value); for an export, its format. */
  field?: string
  /** Why the analyst exported unmasked data, in their words. */
  reason?: string
  /** The server's id of the request (proxy.ts), never one a client chose. */
  requestId: string
  /** An id the client sent with the request, kept only as its claim (lib/audit/request-id.ts). */
  clientRequestId?: string
  outcome: string
}

export type AuditRecord = AuditEntry & { log: 'audit'; prevHash: string; hash: string }

/** JSON with keys sorted at every depth, so the same content always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

function hashOf(prevHash: string, body: Omit<AuditRecord, 'hash'>) {
  return createHash('sha256')
    .update(`${prevHash}\n${canonicalJson(body)}`)
    .digest('hex')
}

export function chain(prevHash: string, entry: AuditEntry): AuditRecord {
  const body = { ...entry, log: 'audit' as const, prevHash }
  return { ...body, hash: hashOf(prevHash, body) }
}

export type Verification = { ok: true; lines: number } | { ok: false; line: number; reason: string }

/** Checks a whole log: every line parses, links to the one before, and hashes to what it says. */
export function verifyLog(text: string): Verification {
  const lines = text.split('\n')
  if (lines.at(-1) === '') lines.pop()
  let prevHash = GENESIS_HASH
  for (const [index, line] of lines.entries()) {
    const number = index + 1
    let record: Partial<AuditRecord>
    try {
      record = JSON.parse(line) as Partial<AuditRecord>
    } catch {
      return { ok: false, line: number, reason: 'not JSON' }
    }
    if (record.prevHash !== prevHash)
      return { ok: false, line: number, reason: 'does not follow the line before' }
    const { hash, ...body } = record
    if (typeof hash !== 'string' || hash !== hashOf(prevHash, body as Omit<AuditRecord, 'hash'>)) {
      return { ok: false, line: number, reason: 'content does not match its hash' }
    }
    prevHash = hash
  }
  return { ok: true, lines: lines.length }
}

/** The hash to continue from after the existing content of a log file. */
export function lastHash(text: string): string {
  const last = text.trimEnd().split('\n').at(-1)
  if (!last) return GENESIS_HASH
  try {
    const { hash } = JSON.parse(last) as { hash?: unknown }
    return typeof hash === 'string' ? hash : GENESIS_HASH
  } catch {
    return GENESIS_HASH
  }
}
