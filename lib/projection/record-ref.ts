import { timingSafeEqual } from 'node:crypto'

import { z } from 'zod'

import { hasNoControlCharacters } from '@/lib/api/free-text'
import { hmacSha256 } from '@/lib/util/hmac'

/*
 * The reference a masked value carries: which record (and, for a webhook record, the history page
 * it was on) and which field, signed. The browser treats it as opaque; the server checks the
 * signature, reads the record again and reveals only a value that its projection masked at
 * exactly that path. The signature's key is the viewer's (lib/projection/ref-key.ts: the
 * server's key bound to the analyst and their session), so a reference made by hand, or copied
 * from another analyst's or another session's page, does not verify. Not marked server-only: the
 * key is the caller's, and the evidence pack's worker thread signs with it (lib/projection/project.ts).
 */

export type FieldPath = (string | number)[]

export type RecordRef =
  | { type: 'verification' | 'aml_search' | 'profile'; id: string }
  | { type: 'webhook'; id: string; after?: string | undefined; webhookId?: string | undefined }

/** The key a viewer's references are signed with (lib/projection/ref-key.ts). */
export type RefKey = Uint8Array

const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)

// A control character in a path could never name a masked field, and the trail's text cannot
// hold NUL: such a reference is refused as malformed before anything is read or written.
const segment = z.union([
  z.string().max(200).refine(hasNoControlCharacters),
  z.number().int().min(0),
])

const refSchema = z.tuple([
  z.enum(['verification', 'aml_search', 'profile', 'webhook']),
  id,
  z.array(segment).min(1).max(32),
  id.nullable(),
  id.nullable(),
])

// 128 bits: forging one takes 2^128 tries, and a big report carries thousands of references.
const TAG_BYTES = 16

function tagOf(payload: string, key: RefKey) {
  return hmacSha256(key).update(payload).digest().subarray(0, TAG_BYTES)
}

export function encodeRef(record: RecordRef, path: FieldPath, key: RefKey): string {
  const after = record.type === 'webhook' ? (record.after ?? null) : null
  const webhookId = record.type === 'webhook' ? (record.webhookId ?? null) : null
  const payload = Buffer.from(
    JSON.stringify([record.type, record.id, path, after, webhookId]),
  ).toString('base64url')
  return `${payload}.${tagOf(payload, key).toString('base64url')}`
}

export type DecodedRef =
  | { status: 'malformed' }
  | { status: 'forged' | 'ok'; record: RecordRef; path: FieldPath }

/**
 * What a reference names, and whether `key` signed it: `forged` when it did not (made by hand,
 * altered, or signed for another analyst or session), `malformed` when it is not a reference.
 */
export function decodeRef(ref: string, key: RefKey): DecodedRef {
  const [payload, tag, ...rest] = ref.split('.')
  if (!payload || !tag || rest.length > 0) return { status: 'malformed' }
  let raw: unknown
  try {
    raw = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {
    return { status: 'malformed' }
  }
  const parsed = refSchema.safeParse(raw)
  if (!parsed.success) return { status: 'malformed' }
  const [type, recordId, path, after, webhookId] = parsed.data
  const record: RecordRef =
    type === 'webhook'
      ? { type, id: recordId, after: after ?? undefined, webhookId: webhookId ?? undefined }
      : { type, id: recordId }
  const given = Buffer.from(tag, 'base64url')
  const expected = tagOf(payload, key)
  const signed = given.length === expected.length && timingSafeEqual(given, expected)
  return { status: signed ? 'ok' : 'forged', record, path }
}

/** `matches[3].fields.emails[0]`: how a path is named in the audit trail and in messages. */
export function pathName(path: FieldPath): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`,
    )
    .join('')
}
