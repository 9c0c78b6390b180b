import 'server-only'

import { createHash } from 'node:crypto'

import { asObject, type JsonObject } from '@/lib/json/read'
import type { JudgedField, MatchChange } from '@/lib/review/decision-rules'

/*
 * A match's fingerprint: the SHA-256 of a canonical JSON of what an analyst judges in it, so a
 * false positive carries over to a new screening only while the matched record says the same
 * (docs/architecture.md, match review; docs/security.md, the fingerprint). Every member of the
 * match is in it except what changes without meaning (EXCLUDED, each with its reason): a member
 * the upstream adds later lands in `other`, never outside. Each judged field is a set of items,
 * each item the canonical JSON of its value (object keys sorted, every key kept with its value, so
 * `{address: "Moscow", region: "RU"}` and `{address: "Moscow, RU"}` differ), the set sorted and
 * each item once, so the upstream's ordering never changes it. It reads the raw record (a
 * screening payload's match, or a report's), whatever the schema made of it.
 */

/** Bumped whenever what the fingerprint covers changes; a stored one says which it was made by. */
export const FINGERPRINT_VERSION = 2

export type Judged = Record<JudgedField, string[]>

/** The fields in the order of the canonical JSON. */
export const JUDGED_FIELDS = [
  'entity_type',
  'tags',
  'annotation',
  'names',
  'dates_of_birth',
  'places_of_birth',
  'dates_of_death',
  'places_of_death',
  'genders',
  'citizenships',
  'nationalities',
  'countries',
  'addresses',
  'sources',
  'political_roles',
  'occupations',
  'registration_ids',
  'companies',
  'associates',
  'fatf_records',
  'media',
  'contact_info',
  'images',
  'other',
] as const satisfies readonly JudgedField[]

/**
 * Members left out, anywhere in the match, because they change without changing what the match
 * says (docs/security.md lists them with these reasons).
 */
export const EXCLUDED: Readonly<Record<string, string>> = {
  uuid: 'the match’s identity: equal by construction when two versions are compared',
  importance_score: 'a ranking score the upstream recomputes',
  risk_score: 'a score the upstream recomputes from the fields that are kept',
  risk_score_value: 'a score the upstream recomputes from the fields that are kept',
  sentiment: 'a media score the upstream recomputes',
  updated_at: 'when the upstream last touched the record, not what it says',
  search_metadata:
    'how this search matched (percentages, levels): it describes the search, not the record',
  url: 'an image’s address, which its host rotates (the image’s description is kept)',
}

function excluded(key: string, inImage: boolean): boolean {
  return Object.hasOwn(EXCLUDED, key) && (key !== 'url' || inImage)
}

/** Members of `fields` read into a judged field of another name. */
const FIELD_OF: Readonly<Record<string, JudgedField>> = {
  companies_and_enterprises: 'companies',
  owners_and_beneficiaries: 'companies',
}

/**
 * Fields whose items are personal data the projection masks (dates, contact details): a change
 * says how many, never which.
 */
const PERSONAL: ReadonlySet<JudgedField> = new Set([
  'dates_of_birth',
  'dates_of_death',
  'contact_info',
])

/** A value with excluded members gone, strings trimmed and empty values dropped; undefined: empty. */
function projected(value: unknown, inImage = false): unknown {
  if (typeof value === 'string') {
    const text = value.normalize('NFC').trim()
    return text === '' ? undefined : text
  }
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
  if (typeof value === 'boolean') return value
  if (Array.isArray(value)) {
    const items = itemsOf(value)
    return items.length === 0 ? undefined : items
  }
  const object = asObject(value)
  if (!object) return undefined
  // No prototype: a member named `__proto__` is a member like any other.
  const out = Object.create(null) as JsonObject
  for (const key of Object.keys(object).sort()) {
    if (excluded(key, inImage)) continue
    const kept = projected(object[key])
    if (kept !== undefined) out[key] = kept
  }
  return Object.keys(out).length === 0 ? undefined : out
}

/** The canonical JSON of each item, sorted, each once: an unordered set. */
function itemsOf(values: readonly unknown[], inImage = false): string[] {
  const items = values.flatMap((value) => {
    const kept = projected(value, inImage)
    return kept === undefined ? [] : [canonical(kept)]
  })
  return [...new Set(items)].sort()
}

/** JSON with object keys sorted at every depth (projected values are built sorted already). */
function canonical(value: unknown): string {
  return JSON.stringify(value)
}

/** `{ [key]: value }` without a prototype, so any key is a member. */
function member(key: string, value: unknown): JsonObject {
  const object = Object.create(null) as JsonObject
  object[key] = value
  return object
}

function listOf(value: unknown): unknown[] {
  if (value === undefined || value === null) return []
  return Array.isArray(value) ? value : [value]
}

/** What an analyst judges in a match, each field a sorted set of canonical items. */
export function judgedOf(rawMatch: unknown): Judged {
  const match = asObject(rawMatch) ?? {}
  const judged = Object.fromEntries(JUDGED_FIELDS.map((field) => [field, [] as string[]])) as Judged
  const known = new Set<string>(JUDGED_FIELDS)
  const other: unknown[] = []
  for (const [key, value] of Object.entries(match)) {
    if (key === 'fields' || excluded(key, false)) continue
    if (key === 'type') judged.entity_type = itemsOf(listOf(value))
    else if (key === 'tags' || key === 'annotation') judged[key] = itemsOf(listOf(value))
    else other.push(member(key, value))
  }
  const fields = asObject(match.fields) ?? {}
  const grouped = new Map<JudgedField, unknown[]>()
  for (const [key, value] of Object.entries(fields)) {
    if (excluded(key, false)) continue
    const field = Object.hasOwn(FIELD_OF, key)
      ? FIELD_OF[key]!
      : known.has(key) && !['other', 'entity_type', 'tags', 'annotation', 'companies'].includes(key)
        ? (key as JudgedField)
        : null
    if (!field) {
      other.push(member(`fields.${key}`, value))
      continue
    }
    // Companies and owners share a field: each item says which list it came from.
    const items = Object.hasOwn(FIELD_OF, key)
      ? listOf(value).map((item) => member(key, item))
      : listOf(value)
    grouped.set(field, [...(grouped.get(field) ?? []), ...items])
  }
  for (const [field, items] of grouped) judged[field] = itemsOf(items, field === 'images')
  judged.other = itemsOf(other)
  return judged
}

/** The canonical JSON of a judged match: its version, then each field in the fixed order. */
export function canonicalJson(judged: Judged): string {
  return JSON.stringify({
    version: FINGERPRINT_VERSION,
    fields: Object.fromEntries(JUDGED_FIELDS.map((field) => [field, judged[field]])),
  })
}

export function fingerprintOf(judged: Judged): string {
  const digest = createHash('sha256').update(canonicalJson(judged)).digest('hex')
  return `v${FINGERPRINT_VERSION}:sha256:${digest}`
}

/** The version a stored fingerprint was made by: `sha256:<hex>` (before versions) is 1. */
export function fingerprintVersion(fingerprint: string): number | null {
  if (/^sha256:[0-9a-f]{64}$/.test(fingerprint)) return 1
  const found = /^v(\d{1,4}):sha256:[0-9a-f]{64}$/.exec(fingerprint)
  return found ? Number(found[1]) : null
}

/** A raw match's judged fields and fingerprint. */
export function printMatch(rawMatch: unknown): { judged: Judged; fingerprint: string } {
  const judged = judgedOf(rawMatch)
  return { judged, fingerprint: fingerprintOf(judged) }
}

/** What a standing decision says its match was, in this version's terms, or null: compare by hand. */
export type StoredPrint = { fingerprint: string | null; judged: unknown; raw_match: unknown }

/**
 * A stored decision's fingerprint and judged fields as this version computes them: its own when it
 * was made by this version, else re-derived from the raw match it kept; null when neither (a
 * decision made by an older version, before raw matches were kept), which the caller reopens
 * rather than carry over.
 */
export function currentPrint(stored: StoredPrint): { judged: Judged; fingerprint: string } | null {
  if (
    stored.fingerprint !== null &&
    fingerprintVersion(stored.fingerprint) === FINGERPRINT_VERSION
  ) {
    return { judged: stored.judged as Judged, fingerprint: stored.fingerprint }
  }
  if (stored.raw_match !== null && stored.raw_match !== undefined)
    return printMatch(stored.raw_match)
  return null
}

/**
 * What changed between two judged versions of a match, field by field: the items added and
 * removed, except for personal fields, which give their counts only (the browser sees this).
 */
export function judgedChanges(before: Partial<Judged>, after: Judged): MatchChange[] {
  return JUDGED_FIELDS.flatMap((field) => {
    const old = new Set(before[field] ?? [])
    const now = new Set(after[field])
    const added = [...now].filter((item) => !old.has(item))
    const removed = [...old].filter((item) => !now.has(item))
    if (added.length === 0 && removed.length === 0) return []
    const personal = PERSONAL.has(field)
    return [
      {
        field,
        added: personal ? [] : added,
        removed: personal ? [] : removed,
        addedCount: added.length,
        removedCount: removed.length,
      },
    ]
  })
}
