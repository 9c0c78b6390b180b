import 'server-only'

import { getEnv } from '@/lib/env'
import {
  maskedKindForKey,
  maskedKindForShape,
  maskValue,
  type MaskedKind,
} from '@/lib/projection/mask-rules'
import { toToken } from '@/lib/projection/masked-token'
import { encodeRef, type FieldPath, type RecordRef, type RefKey } from '@/lib/projection/record-ref'
import type {
  AmlSearchResult,
  Profile,
  ProfilePage,
  Verification,
  WebhookHistoryPage,
} from '@/lib/upstream/schemas'

/*
 * The one step between what the upstream sent and what the browser receives (pages and route
 * handlers alike). Every personal value is replaced by a masked token naming its record and field;
 * the value itself leaves the server only through a reveal (lib/projection/reveal.ts). Raw JSON is
 * walked whole, so check data, payloads, array items and members no schema names are covered:
 * a key names the kind of everything beneath it, and an e-mail or phone shape is masked anywhere.
 */

/**
 * One set of rules for every record, so a reveal that projects a record again gets the same.
 * `key` signs the tokens' references: the viewer's (lib/projection/ref-key.ts).
 */
export function project<T>(value: T, record: RecordRef, key: RefKey): T {
  if (!getEnv().PII_MASKING) return value
  return walk(value, [], null, false, { record, key }) as T
}

type Target = { record: RecordRef; key: RefKey }

// `path` is one array, pushed and popped as the walk goes down and up: a copy per member was most
// of the walk's time and garbage on a 1,000-match report. A token encodes the path at once.
function walk(
  value: unknown,
  path: FieldPath,
  inherited: MaskedKind | null,
  exempt: boolean,
  target: Target,
): unknown {
  if (Array.isArray(value)) {
    return value.map((item: unknown, index) => {
      path.push(index)
      const out = walk(item, path, inherited, exempt, target)
      path.pop()
      return out
    })
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, member] of Object.entries(value)) {
      path.push(key)
      const said = rule(path)
      const childExempt = exempt || said === 'exempt'
      const kind =
        said && said !== 'exempt' ? said : childExempt ? null : (maskedKindForKey(key) ?? inherited)
      out[key] = walk(member, path, kind, childExempt, target)
      path.pop()
    }
    return out
  }
  if (typeof value === 'number' && inherited) return mask(String(value), inherited, path, target)
  if (typeof value !== 'string' || value === '') return value
  const kind = inherited ?? maskedKindForShape(value)
  return kind ? mask(value, kind, path, target) : value
}

function mask(value: string, kind: MaskedKind, path: FieldPath, { record, key }: Target): string {
  return toToken({ kind, ref: encodeRef(record, path, key), shown: maskValue(kind, value) })
}

/** `a.*.b` matches `a.3.b`; paths are compared segment by segment. */
function pattern(text: string): (path: FieldPath) => boolean {
  // Split once: the walk asks every rule about every member of a record (a 1,000-match report
  // has tens of thousands).
  const parts = text.split('.')
  return (path) =>
    parts.length === path.length && parts.every((p, i) => p === '*' || p === String(path[i]))
}

// Registration ids of AML matches are document numbers, though their key says only `id`. An
// AML_SCREENING payload embeds the search's result (`search_result` in the SDK's spelling).
const REGISTRATION_IDS = [
  'data.*.fields.registration_ids.*.id',
  'payload.search_response.data.*.fields.registration_ids.*.id',
  'payload.search_result.data.*.fields.registration_ids.*.id',
].map(pattern)

// Profile settings describe a form (an `email` switch, a `phone` caption), not a person; a
// verification, and a verification's webhook payload, carry a copy of its profile's.
const SETTINGS = ['settings', 'payload.settings'].map(pattern)

/** The rules' say on a path: a kind, `exempt` (no key-based masking beneath), or no opinion. */
function rule(path: FieldPath): MaskedKind | 'exempt' | null {
  if (REGISTRATION_IDS.some((matches) => matches(path))) return 'document_number'
  if (SETTINGS.some((matches) => matches(path))) return 'exempt'
  return null
}

/** Referenced by the short id it was read with, so a reveal reads the same record again. */
export function projectVerification(
  verification: Verification,
  shortId: string,
  key: RefKey,
): Verification {
  return project(verification, { type: 'verification', id: shortId }, key)
}

export function projectAmlSearch(
  result: AmlSearchResult,
  searchId: string,
  key: RefKey,
): AmlSearchResult {
  return project(result, { type: 'aml_search', id: searchId }, key)
}

export function projectProfile(profile: Profile, key: RefKey): Profile {
  return project(profile, { type: 'profile', id: profile.profile_id }, key)
}

export function projectProfilePage(page: ProfilePage, key: RefKey): ProfilePage {
  return { ...page, data: page.data.map((profile) => projectProfile(profile, key)) }
}

/** Each record is its own reference, found again by its id on the page it came from. */
export function projectWebhookPage(
  page: WebhookHistoryPage,
  cursor: { after?: string | undefined; webhookId?: string | undefined },
  key: RefKey,
): WebhookHistoryPage {
  return {
    ...page,
    data: page.data.map((record) =>
      project(
        record,
        {
          type: 'webhook',
          id: record.id,
          after: cursor.after,
          webhookId: cursor.webhookId,
        },
        key,
      ),
    ),
  }
}
