import 'server-only'

import { createHash } from 'node:crypto'

import {
  asObject,
  readArray,
  readBoolean,
  readNumber,
  readString,
  type JsonObject,
} from '@/lib/json/read'
import type { HistoryRecordRow } from '@/lib/store/schema'
import { INDEXED_VALUE_MAX_BYTES } from '@/lib/util/ids'
import { readVerificationShortId } from '@/lib/webhooks/aml-screening'
import { summarizeRecord } from '@/lib/webhooks/summary'

import { nameKey } from './name-key'

/** A history record as the mirror stores it, before the store adds when it first saw it. */
export type MirrorRecord = Omit<HistoryRecordRow, 'first_seen_at' | 'updated_at'>

type Facts = Omit<
  MirrorRecord,
  | 'id'
  | 'webhook_id'
  | 'event_type'
  | 'at'
  | 'at_raw'
  | 'payload_state'
  | 'is_sandbox'
  | 'attempts'
  | 'response_code'
  | 'content_digest'
  | 'held_copy'
>

/** A record's facts when its payload says nothing: every column empty. */
export const NO_FACTS: Facts = {
  applicant_id: null,
  screening_id: null,
  search_uuid: null,
  verification_id: null,
  short_id: null,
  status: null,
  requested_name: null,
  name_key: null,
  risk: null,
  match_count: null,
  external_id: null,
  error_codes: [],
}

/**
 * The facts of one raw history record, or null when it has no id (the caller logs where it was).
 * A payload that cannot be read, or a record without an event type, is still a record: it is kept
 * with what the envelope says, marked so the lists can show it generically.
 */
export function extractRecord(raw: unknown): MirrorRecord | null {
  const record = asObject(raw)
  const id = readString(record, 'id')
  if (!record || !id) return null
  const eventType = readString(record, 'event_type')
  const payload = readPayload(record.payload)
  const at = readDate(record.timestamp)
  return cleaned({
    id,
    webhook_id: readString(record, 'webhook_id'),
    event_type: eventType,
    at,
    at_raw: at === null && record.timestamp != null ? rawText(record.timestamp) : null,
    payload_state: !payload ? 'unreadable' : !eventType ? 'no_event_type' : 'ok',
    ...(payload ? factsOf(eventType, payload) : NO_FACTS),
    is_sandbox: readBoolean(record, 'is_sandbox'),
    attempts: int4(readNumber(record, 'attempts')),
    response_code: readString(record, 'response_code'),
    content_digest: contentDigest(eventType, payload ?? record.payload ?? null),
    held_copy: 'poll',
  })
}

/**
 * What a record says, as a digest: its event type and payload, keys sorted at every depth (a
 * payload sent as JSON text is read first), so a delivered copy and the history's compare equal
 * when they say the same, whatever their key order or their attempts and response code.
 */
export function contentDigest(eventType: string | null, payload: unknown): string {
  const json = sortedJson({ event_type: eventType, payload })
  return createHash('sha256').update(json).digest('hex')
}

/**
 * JSON with every object's keys sorted (by UTF-16 code units, as `sort()` does), built by appending
 * rather than by an array of parts a level: the digests of a page of 100 records (584 kB), which
 * every poll and backfill page makes, take 9 ms rather than 11. Not JSON.stringify with a sorting
 * replacer: an object made from sorted keys lists integer-like keys ("2", "10") first, in numeric
 * order, and every digest stored since would change.
 */
export function sortedJson(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null'
  if (Array.isArray(value)) {
    let out = '['
    for (let i = 0; i < value.length; i++) out += (i === 0 ? '' : ',') + sortedJson(value[i])
    return `${out}]`
  }
  const keys = Object.keys(value).sort()
  let out = '{'
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!
    out += `${i === 0 ? '' : ','}${JSON.stringify(key)}:${sortedJson((value as Record<string, unknown>)[key])}`
  }
  return `${out}}`
}

/** Largest value of an indexed column, in UTF-8 bytes (lib/util/ids.ts). */
export const MAX_INDEXED_BYTES = INDEXED_VALUE_MAX_BYTES
/** The search key is cut to this many characters: its words are index entries too (0009). */
const MAX_NAME_KEY = 300
const INDEXED = [
  'id',
  'webhook_id',
  'event_type',
  'applicant_id',
  'screening_id',
  'search_uuid',
  'verification_id',
  'short_id',
  'status',
  'risk',
  'external_id',
] as const satisfies readonly (keyof MirrorRecord)[]

/**
 * Why the store could not hold this record, or null: an id (or another indexed value) too long for
 * its index cannot be cut without becoming another record's, so the record is set aside instead.
 */
export function refusal(record: MirrorRecord): string | null {
  for (const column of INDEXED) {
    const value = record[column]
    const bytes = value === null ? 0 : Buffer.byteLength(value)
    if (bytes > MAX_INDEXED_BYTES) {
      return `${column} too long for its index (${bytes} bytes, at most ${MAX_INDEXED_BYTES})`
    }
  }
  return null
}

/**
 * Text PostgreSQL takes: no NUL (text and jsonb refuse it) and no lone surrogate half (not
 * UTF-8); the search key is cut so that its words fit their index.
 */
function cleaned(record: MirrorRecord): MirrorRecord {
  const out = { ...record }
  for (const [key, value] of Object.entries(out)) {
    if (typeof value === 'string') Object.assign(out, { [key]: cleanText(value) })
  }
  if (out.name_key !== null) out.name_key = out.name_key.slice(0, MAX_NAME_KEY)
  return out
}

export function cleanText(value: string): string {
  return value.replace(/\u0000/g, '').toWellFormed()
}

/** A value as sent, short enough to show; never a payload value (only the envelope's timestamp). */
function rawText(value: unknown): string {
  return cleanText(typeof value === 'string' ? value : JSON.stringify(value)).slice(0, 100)
}

/** An object, or JSON text of one (some deliveries are recorded as the text that was sent). */
function readPayload(value: unknown): JsonObject | null {
  if (typeof value !== 'string') return asObject(value)
  try {
    return asObject(JSON.parse(value))
  } catch {
    return null
  }
}

function factsOf(eventType: string | null, payload: JsonObject): Facts {
  // What any event may name about itself; the known types below read their own shapes.
  const common: Facts = {
    ...NO_FACTS,
    applicant_id: readString(payload, 'applicant_id'),
    screening_id: readString(payload, 'screening_id'),
    verification_id: readString(payload, 'verification_id'),
    short_id: readVerificationShortId(payload),
    status: readString(payload, 'status'),
    external_id: readString(payload, 'external_id'),
  }
  const summary = summarizeRecord(eventType, payload)
  switch (summary.kind) {
    case 'aml': {
      const { aml } = summary
      return {
        ...common,
        applicant_id: aml.applicantId,
        screening_id: aml.screeningId,
        search_uuid: aml.searchUuid,
        short_id: aml.verificationShortId,
        requested_name: aml.requestedName,
        name_key: nameKey(aml.requestedName),
        risk: aml.highestRisk,
        match_count: aml.matchCount,
        external_id: aml.externalId,
      }
    }
    case 'verification':
      return {
        ...common,
        applicant_id: summary.applicantId,
        verification_id: summary.verificationId,
        short_id: summary.verificationShortId,
        status: summary.status,
        error_codes: errorCodes(
          Object.values(asObject(payload.checks) ?? {}).map((check) => asObject(check)),
        ),
      }
    case 'check':
      return {
        ...common,
        verification_id: summary.verificationId,
        short_id: summary.verificationShortId,
        status: summary.status,
        error_codes: errorCodes([asObject(payload.result)]),
      }
    case 'other':
      return common
  }
}

/** Each error code of the checks once, ascending; codes that are not whole numbers are left out. */
function errorCodes(checks: (JsonObject | null)[]): number[] {
  const codes = new Set<number>()
  for (const check of checks) {
    for (const error of readArray(check, 'errors') ?? []) {
      const code = int4(Number(readString(asObject(error), 'code')))
      if (code !== null) codes.add(code)
    }
  }
  return [...codes].sort((a, b) => a - b)
}

/** Years 1 to 9999: within PostgreSQL's range, and written alike by both store drivers. */
const LATEST = Date.UTC(10_000, 0, 1)

function readDate(value: unknown): Date | null {
  if (typeof value !== 'string') return null
  const date = new Date(value)
  const time = date.getTime()
  if (Number.isNaN(time) || date.getUTCFullYear() < 1 || time >= LATEST) return null
  return date
}

/** A whole number that fits the integer columns, else null. */
function int4(value: number | null): number | null {
  return value !== null && Number.isInteger(value) && Math.abs(value) <= 2_147_483_647
    ? value
    : null
}
