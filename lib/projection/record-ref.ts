import 'server-only'

import { z } from 'zod'

/*
 * The reference a masked value carries: which record (and, for a webhook record, the history page
 * it was on) and which field. The browser treats it as opaque; the server decodes it, reads the
 * record again and reveals only a value that its projection masked at exactly that path.
 */

export type FieldPath = (string | number)[]

export type RecordRef =
  | { type: 'verification' | 'aml_search' | 'profile'; id: string }
  | { type: 'webhook'; id: string; after?: string | undefined; webhookId?: string | undefined }

const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)

const refSchema = z.tuple([
  z.enum(['verification', 'aml_search', 'profile', 'webhook']),
  id,
  z
    .array(z.union([z.string().max(200), z.number().int().min(0)]))
    .min(1)
    .max(32),
  id.nullable(),
  id.nullable(),
])

export function encodeRef(record: RecordRef, path: FieldPath): string {
  const after = record.type === 'webhook' ? (record.after ?? null) : null
  const webhookId = record.type === 'webhook' ? (record.webhookId ?? null) : null
  return Buffer.from(JSON.stringify([record.type, record.id, path, after, webhookId])).toString(
    'base64url',
  )
}

export function decodeRef(ref: string): { record: RecordRef; path: FieldPath } | null {
  let raw: unknown
  try {
    raw = JSON.parse(Buffer.from(ref, 'base64url').toString('utf8'))
  } catch {
    return null
  }
  const parsed = refSchema.safeParse(raw)
  if (!parsed.success) return null
  const [type, recordId, path, after, webhookId] = parsed.data
  const record: RecordRef =
    type === 'webhook'
      ? { type, id: recordId, after: after ?? undefined, webhookId: webhookId ?? undefined }
      : { type, id: recordId }
  return { record, path }
}

/** `matches[3].fields.emails[0]`: how a path is named in the audit trail and in messages. */
export function pathName(path: FieldPath): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`,
    )
    .join('')
}
