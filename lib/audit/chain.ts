import { timingSafeEqual } from 'node:crypto'

import { beforeIssuerId } from '@/lib/auth/viewer'
import { hmacSha256 } from '@/lib/util/hmac'

/*
 * The audit trail is a keyed hash chain. Each row carries its sequence number, the hash of the row
 * before, and its own hash: an HMAC under a key the app holds over all of that and its content.
 * An altered, removed or inserted row breaks the chain there, and without the key nobody can
 * re-hash the rest to hide it. A head record (the last sequence number and hash, also under the
 * key) says where the trail ends, so a cut-off tail is noticed too.
 */

export const GENESIS_HASH = '0'.repeat(64)

export type AuditAction =
  | 'view'
  | 'reveal'
  | 'export'
  | 'decide'
  | 'note'
  | 'sign_in'
  | 'sign_in_refused'
  | 'sign_out'
  | 'session_expired'
  /** A case event: `field` names it (created, claimed, closed, ...). */
  | 'case'
  /** A notification's "send again" on the notifications page (lib/notifications/). */
  | 'notify'
  /** A QA draw (`field`: weekly or on_demand) or a QA result (`field`: pass or fail). */
  | 'qa'
  /** A change the API's gate refused to a read-only auditor (lib/api/gate.ts): `field`, its method. */
  | 'change'
  /** A report to the FIU (lib/fiu-reports/): `field` names the change (created, edited, approve, ...). */
  | 'report'
  /** Retention (lib/retention/): `field` names the step (erase, relationship_end, hold, ...). */
  | 'retention'

export type AuditEntry = {
  time: string
  /** How the analyst was named on screen: display only. */
  user: string
  /** Who acted (lib/auth/viewer.ts `analystId`); absent when nobody was signed in. */
  analystId?: string
  action: AuditAction
  resource: { type: string; id: string | null }
  /**
   * For a reveal, the field shown (never the value); for an export, its format; for a decision,
   * the match uuid.
   */
  field?: string
  /**
   * Why the analyst exported unmasked data, in their words; for a decision, the decision and the
   * SHA-256 of its reason (the reason itself, free text, stays in the decisions table).
   */
  reason?: string
  /** The server's id of the request (proxy.ts), never one a client chose. */
  requestId: string
  /** An id the client sent with the request, kept only as its claim (lib/audit/request-id.ts). */
  clientRequestId?: string
  outcome: string
}

/**
 * Where a row was appended (issue #55): the writer (one per process) and its own count of rows, 1,
 * 2, 3…, so a row removed before it was sealed leaves a number missing. Absent on rows appended
 * sealed (older rows, and a made entry: `appendMade`).
 */
export type AppendMark = { writer: string; writerSeq: number }

/** A row as the writer commits it, before the sequencer gives it its place in the chain. */
export type AppendedRecord = AuditEntry & AppendMark & { id: number }

export type AuditRecord = AuditEntry &
  Partial<AppendMark> & { log: 'audit'; seq: number; prevHash: string; hash: string }

export type AuditHead = { seq: number; hash: string; mac: string }

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

function mac(key: Uint8Array, text: string) {
  return hmacSha256(key).update(text).digest('hex')
}

/*
 * A row written before analysts had an identity was hashed without one; migration 0007 gave it
 * exactly `beforeIssuerId(user)`, which is therefore left out of the hash. Any other value is
 * hashed: a new row's identity changed to that one no longer matches its hash.
 */
function hashOf(key: Uint8Array, body: Omit<AuditRecord, 'hash' | 'log'>) {
  const hashed =
    body.analystId === beforeIssuerId(body.user) ? { ...body, analystId: undefined } : body
  return mac(key, `verity audit row\n${canonicalJson(hashed)}`)
}

/**
 * The MAC of a row as appended, before it has a place in the chain: the sequencer seals only a row
 * that still matches it, and the verifier names one that does not.
 */
export function appendMac(key: Uint8Array, row: AuditEntry & AppendMark) {
  return mac(key, `verity audit append\n${canonicalJson(row)}`)
}

export function appendMacHolds(key: Uint8Array, row: AuditEntry & AppendMark, given: string) {
  return same(given, appendMac(key, row))
}

/** The record that follows `prevHash` as row `seq`. */
export function sealRecord(
  key: Uint8Array,
  seq: number,
  prevHash: string,
  entry: AuditEntry & Partial<AppendMark>,
): AuditRecord {
  const body = { ...entry, seq, prevHash }
  return { log: 'audit', ...body, hash: hashOf(key, body) }
}

export function sealHead(key: Uint8Array, seq: number, hash: string): AuditHead {
  return { seq, hash, mac: mac(key, `verity audit head\n${seq}\n${hash}`) }
}

function same(a: string, b: string) {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))
}

export type ChainPosition = { seq: number; hash: string }

/** Each writer's last number seen in the chain (see `AppendMark`). */
export type WriterCounts = Map<string, number>

export type Verification =
  | { ok: true; rows: number; head: number | null; last: ChainPosition }
  | { ok: false; seq: number; reason: string; rows: number }

const GENESIS: ChainPosition = { seq: 0, hash: GENESIS_HASH }

/** Why `record` does not follow its writer's row before, or null when it does. */
export function writerGap(
  writers: WriterCounts,
  record: Partial<AppendMark>,
  strict: boolean,
): string | null {
  if (record.writer === undefined || record.writerSeq === undefined) return null
  const last = writers.get(record.writer)
  const expected = last === undefined ? (strict ? 1 : record.writerSeq) : last + 1
  if (record.writerSeq !== expected) {
    return `its writer's row ${expected} is missing (removed before it was sealed)`
  }
  writers.set(record.writer, record.writerSeq)
  return null
}

/**
 * Checks a trail row by row, in sequence order, against the key and the head record. `head` null
 * (a file without one) checks the rows only. Rows past the head are accepted when they chain on:
 * appends made while the trail was being read. `from` continues after a row already verified
 * (the records then start after it), and `writers` with each writer's last number there (updated
 * as rows are read); without them a writer's first row seen is taken as it is.
 */
export async function verifyTrail(
  key: Uint8Array,
  records: AsyncIterable<AuditRecord> | Iterable<AuditRecord>,
  head: AuditHead | null,
  from: ChainPosition = GENESIS,
  writers?: WriterCounts,
): Promise<Verification> {
  let prevHash = from.hash
  let expected = from.seq + 1
  let hashAtHead: string | null = head && head.seq <= from.seq ? headHashBefore(head, from) : null
  const counts: WriterCounts = writers ?? new Map()
  const strict = from.seq === 0 || writers !== undefined
  for await (const record of records) {
    const rows = expected - 1
    if (record.seq > expected) {
      return { ok: false, seq: expected, reason: `row ${expected} is missing`, rows }
    }
    if (record.seq !== expected) {
      return { ok: false, seq: record.seq, reason: 'row is out of order or repeated', rows }
    }
    if (record.prevHash !== prevHash) {
      return {
        ok: false,
        seq: record.seq,
        reason: 'does not follow the row before (a row was removed, inserted or changed)',
        rows,
      }
    }
    const { hash, ...fields } = record
    // The line's `log` marker is not part of what was hashed.
    const body = { ...fields, log: undefined }
    if (typeof hash !== 'string' || !same(hash, hashOf(key, body))) {
      return {
        ok: false,
        seq: record.seq,
        reason: 'content does not match its HMAC (changed, or re-hashed without the key)',
        rows,
      }
    }
    const gap = writerGap(counts, record, strict)
    if (gap) return { ok: false, seq: record.seq, reason: gap, rows }
    if (head && record.seq === head.seq) hashAtHead = hash
    prevHash = hash
    expected += 1
  }
  const rows = expected - 1
  const last = { seq: rows, hash: prevHash }
  if (!head) return { ok: true, rows, head: null, last }
  if (head.seq > rows) {
    return {
      ok: false,
      seq: rows + 1,
      reason: `the trail ends at row ${rows} but its head record says ${head.seq}: the tail was cut off`,
      rows,
    }
  }
  // A new trail's head is sealed when the app first starts; before that it may hold no MAC.
  const unsealedGenesis = head.seq === 0 && head.mac === '' && rows === 0
  if (!unsealedGenesis && !same(head.mac, sealHead(key, head.seq, head.hash).mac)) {
    return { ok: false, seq: head.seq, reason: 'the head record does not match its HMAC', rows }
  }
  if (hashAtHead !== head.hash) {
    return { ok: false, seq: head.seq, reason: 'the head record does not match this row', rows }
  }
  return { ok: true, rows, head: head.seq, last }
}

/** The hash the head must carry when it points at or before the row verification starts after. */
function headHashBefore(head: AuditHead, from: ChainPosition) {
  if (head.seq === from.seq) return from.hash
  return head.seq === 0 ? GENESIS_HASH : null
}
