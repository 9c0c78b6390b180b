import { getEnv } from '@/lib/env'
import {
  hasShapeOf,
  maskedKindForKey,
  maskedKindForShape,
  maskValue,
  type MaskedKind,
} from '@/lib/projection/mask-rules'
import { isToken, toToken } from '@/lib/projection/masked-token'
import type { Projected } from '@/lib/projection/projected'
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
 * handlers alike). Not marked server-only, as it holds no key (the caller gives the viewer's): the
 * evidence pack's worker thread masks a 1,000-match report here too (lib/evidence/pack-worker.ts). Every personal value is replaced by a masked token naming its record and field;
 * the value itself leaves the server only through a reveal (lib/projection/reveal.ts). Raw JSON is
 * walked whole, so check data, payloads, array items and members no schema names are covered:
 * a key names the kind of the value it holds and of what has that kind's shape beneath it, an
 * e-mail or phone shape is masked anywhere, and a value masked once is masked wherever it recurs.
 */

/**
 * One set of rules for every record, so a reveal that projects a record again gets the same.
 * `key` signs the tokens' references: the viewer's (lib/projection/ref-key.ts). `masking` is the
 * configuration's, given by a caller outside the server's thread (the evidence pack's worker).
 */
export function project<T>(
  value: T,
  record: RecordRef,
  key: RefKey,
  masking = getEnv().PII_MASKING,
): Projected<T> {
  // With masking off the values pass as they are: projected by the configuration's choice.
  if (!masking) return value as Projected<T>
  const target: Target = { record, key, masked: new Map() }
  const out = walk(value, [], null, false, false, target)
  if (target.masked.size > 0) maskAgain(out, [], target)
  return out as Projected<T>
}

/**
 * The record and key tokens name, and each value masked so far (by its `sameValue`), with its
 * kind, per part of the record (`partOf`).
 */
type Target = { record: RecordRef; key: RefKey; masked: Map<number, Map<string, MaskedKind>> }

/**
 * Where a recurring value is looked for: each match of an AML report on its own (a match is one
 * listed entity, and the report's page projects only its matches' list part, which must give the
 * same tokens as the whole report its cards read the details from), and the rest of any record as
 * one.
 */
function partOf(path: FieldPath, record: RecordRef): number {
  return record.type === 'aml_search' && path[0] === 'data' && typeof path[1] === 'number'
    ? path[1]
    : -1
}

// `path` is one array, pushed and popped as the walk goes down and up: a copy per member was most
// of the walk's time and garbage on a 1,000-match report. A token encodes the path at once.
// `named`: the kind was given by this member's own key (or its array's), not carried down from
// an object above, where it holds only for a value that has the kind's shape: an `email` member
// holding settings (`{ caption: 'Work e-mail', order: 1 }`) names a form field, not an address.
function walk(
  value: unknown,
  path: FieldPath,
  inherited: MaskedKind | null,
  named: boolean,
  exempt: boolean,
  target: Target,
): unknown {
  if (Array.isArray(value)) {
    return value.map((item: unknown, index) => {
      path.push(index)
      const out = walk(item, path, inherited, named, exempt, target)
      path.pop()
      return out
    })
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    const record = value as Record<string, unknown>
    for (const key of Object.keys(record)) {
      const member = record[key]
      path.push(key)
      const said = rule(key, path)
      const childExempt = exempt || said === 'exempt'
      const own = said && said !== 'exempt' ? said : childExempt ? null : maskedKindForKey(key)
      out[key] = walk(
        member,
        path,
        own ?? (childExempt ? null : inherited),
        own !== null,
        childExempt,
        target,
      )
      path.pop()
    }
    return out
  }
  if (typeof value !== 'string' && typeof value !== 'number') return value
  if (value === '') return value
  const text = String(value)
  if (inherited && (named || hasShapeOf(inherited, text)))
    return mask(text, inherited, path, target)
  if (typeof value === 'number') return value
  const kind = maskedKindForShape(text)
  return kind ? mask(text, kind, path, target) : value
}

function mask(value: string, kind: MaskedKind, path: FieldPath, target: Target): string {
  const same = sameValue(value)
  if (same !== null) {
    const part = partOf(path, target.record)
    const masked = target.masked.get(part) ?? new Map<string, MaskedKind>()
    if (!masked.has(same)) masked.set(same, kind)
    target.masked.set(part, masked)
  }
  return toToken({
    kind,
    ref: encodeRef(target.record, path, target.key),
    shown: maskValue(kind, value),
  })
}

// Shorter values (a sex, a count, a year) would mask unrelated text that happens to be equal.
const SAME_VALUE_MIN = 6

/** How a masked value is recognised elsewhere: without spaces, in lower case; null if too short. */
function sameValue(value: string): string | null {
  const compact = value.replace(/\s+/g, '').toLowerCase()
  return compact.length >= SAME_VALUE_MIN ? compact : null
}

/**
 * A value masked in one place is masked wherever else it appears in the record, whatever the key
 * there (a registration number masked under `registration_ids[0].id` and repeated as
 * `companies_and_enterprises[0].reference`). In place, on the walk's own copy.
 */
function maskAgain(value: unknown, path: FieldPath, target: Target) {
  if (value === null || typeof value !== 'object') return
  const members = value as Record<string | number, unknown>
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) maskAgainAt(members, index, path, target)
    return
  }
  for (const key of Object.keys(value)) maskAgainAt(members, key, path, target)
}

function maskAgainAt(
  parent: Record<string | number, unknown>,
  key: string | number,
  path: FieldPath,
  target: Target,
) {
  const member = parent[key]
  path.push(key)
  if (typeof member === 'string' || typeof member === 'number') {
    const text = String(member)
    const same = text.length >= SAME_VALUE_MIN && !isToken(text) ? sameValue(text) : null
    const kind =
      same === null ? undefined : target.masked.get(partOf(path, target.record))?.get(same)
    if (kind) parent[key] = mask(text, kind, path, target)
  } else {
    maskAgain(member, path, target)
  }
  path.pop()
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

/**
 * The rules' say on a path ending in `key`: a kind, `exempt` (no key-based masking beneath), or no
 * opinion. Every rule's path ends in one of two keys, so the rest of a record's members are not
 * compared with the patterns.
 */
function rule(key: string, path: FieldPath): MaskedKind | 'exempt' | null {
  if (key === 'id' && REGISTRATION_IDS.some((matches) => matches(path))) return 'document_number'
  if (key === 'settings' && SETTINGS.some((matches) => matches(path))) return 'exempt'
  return null
}

/** Referenced by the short id it was read with, so a reveal reads the same record again. */
export function projectVerification(
  verification: Verification,
  shortId: string,
  key: RefKey,
): Projected<Verification> {
  return project(verification, { type: 'verification', id: shortId }, key)
}

export function projectAmlSearch(
  result: AmlSearchResult,
  searchId: string,
  key: RefKey,
  masking?: boolean,
): Projected<AmlSearchResult> {
  return project(result, { type: 'aml_search', id: searchId }, key, masking)
}

export function projectProfile(profile: Profile, key: RefKey): Projected<Profile> {
  return project(profile, { type: 'profile', id: profile.profile_id }, key)
}

// A page's own members (has_next, cursors) hold no personal data; its records are projected.
export function projectProfilePage(page: ProfilePage, key: RefKey): Projected<ProfilePage> {
  return {
    ...page,
    data: page.data.map((profile) => projectProfile(profile, key)),
  } as Projected<ProfilePage>
}

/**
 * Each record is its own reference, found again by its id on the page it came from. The page's own
 * members hold no personal data.
 */
export function projectWebhookPage(
  page: WebhookHistoryPage,
  cursor: { after?: string | undefined; webhookId?: string | undefined },
  key: RefKey,
): Projected<WebhookHistoryPage> {
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
  } as Projected<WebhookHistoryPage>
}
