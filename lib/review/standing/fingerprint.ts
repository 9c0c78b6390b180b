import 'server-only'

import { createHash } from 'node:crypto'

import { asObject, readArray, readString, type JsonObject } from '@/lib/json/read'
import type { JudgedField, MatchChange } from '@/lib/review/decision-rules'

/*
 * A match's fingerprint: the SHA-256 of a canonical JSON of what an analyst judges in it, so a
 * false positive carries over to a new screening only while the matched record says the same
 * (docs/architecture.md, match review). Each judged field is a set of lines (sorted, each once), so
 * the upstream's ordering never changes it; what changes without meaning (importance and risk
 * scores, `updated_at`, search metadata, images, contact details) is left out. It reads the raw
 * record (a screening payload's match, or a report's), whatever the schema made of it.
 */

export type Judged = Record<JudgedField, string[]>

/** The fields in the order of the canonical JSON; a new one changes every fingerprint. */
export const JUDGED_FIELDS = [
  'names',
  'dates_of_birth',
  'places_of_birth',
  'dates_of_death',
  'places_of_death',
  'citizenships',
  'nationalities',
  'countries',
  'addresses',
  'sources',
  'political_roles',
  'companies',
  'associates',
  'media',
] as const satisfies readonly JudgedField[]

/** Fields whose lines are personal data: a change says how many, never which. */
const PERSONAL: ReadonlySet<JudgedField> = new Set(['dates_of_birth', 'dates_of_death'])

function objects(object: JsonObject | null, key: string): JsonObject[] {
  return (readArray(object, key) ?? []).flatMap((item): JsonObject[] => {
    const found = asObject(item)
    return found ? [found] : []
  })
}

function texts(object: JsonObject | null, key: string): string[] {
  return (readArray(object, key) ?? []).flatMap((item) =>
    typeof item === 'string' && item.trim() ? [item.trim()] : [],
  )
}

/** Labelled parts of one item, empty ones left out: `full: A B; lang: en`. */
function line(object: JsonObject, parts: Record<string, string>): string {
  return Object.entries(parts)
    .flatMap(([label, key]) => {
      const value = readString(object, key)?.trim()
      return value ? [label ? `${label}: ${value}` : value] : []
    })
    .join('; ')
}

function place(address: JsonObject): string {
  return ['address', 'city', 'region', 'postal_code', 'country']
    .flatMap((key) => readString(address, key)?.trim() ?? [])
    .join(', ')
}

function range(date: JsonObject): string {
  const from = readString(date, 'gte')?.trim() ?? ''
  const to = readString(date, 'lte')?.trim() ?? ''
  return from === to ? from : `${from}..${to}`
}

function sorted(lines: readonly string[]): string[] {
  return [...new Set(lines.filter(Boolean))].sort()
}

/** What an analyst judges in a match, each field a sorted set of lines. */
export function judgedOf(rawMatch: unknown): Judged {
  const fields = asObject(asObject(rawMatch)?.fields)
  const company = (item: JsonObject) => line(item, { '': 'name', role: 'role', country: 'country' })
  return {
    names: sorted(
      objects(fields, 'names').map((name) =>
        line(name, {
          '': 'full_name',
          first: 'first_name',
          middle: 'middle_name',
          last: 'last_name',
          lang: 'lang',
        }),
      ),
    ),
    dates_of_birth: sorted(objects(fields, 'dates_of_birth').map(range)),
    places_of_birth: sorted(objects(fields, 'places_of_birth').map(place)),
    dates_of_death: sorted(objects(fields, 'dates_of_death').map(range)),
    places_of_death: sorted(objects(fields, 'places_of_death').map(place)),
    citizenships: sorted(texts(fields, 'citizenships')),
    nationalities: sorted(texts(fields, 'nationalities')),
    countries: sorted(texts(fields, 'countries')),
    addresses: sorted(objects(fields, 'addresses').map(place)),
    sources: sorted(
      objects(fields, 'sources').map((source) =>
        [
          line(source, { '': 'name', list: 'source_id', reason: 'reason' }),
          ...sorted(texts(source, 'tags').map((tag) => `tag: ${tag}`)),
        ].join('; '),
      ),
    ),
    political_roles: sorted(
      objects(fields, 'political_roles').map((role) =>
        line(role, { '': 'role', country: 'country' }),
      ),
    ),
    companies: sorted([
      ...objects(fields, 'companies_and_enterprises').map(company),
      ...objects(fields, 'owners_and_beneficiaries').map((item) => `owner: ${company(item)}`),
    ]),
    associates: sorted(
      objects(fields, 'associates').map((associate) =>
        line(associate, { '': 'name', relationship: 'relationship' }),
      ),
    ),
    media: sorted(
      objects(fields, 'media').map((item) => readString(item, 'headline')?.trim() ?? ''),
    ),
  }
}

/** The canonical JSON of a judged match: fixed field order, sorted lines. */
export function canonicalJson(judged: Judged): string {
  return JSON.stringify(Object.fromEntries(JUDGED_FIELDS.map((field) => [field, judged[field]])))
}

export function fingerprintOf(judged: Judged): string {
  return `sha256:${createHash('sha256').update(canonicalJson(judged)).digest('hex')}`
}

/** A raw match's judged fields and fingerprint. */
export function printMatch(rawMatch: unknown): { judged: Judged; fingerprint: string } {
  const judged = judgedOf(rawMatch)
  return { judged, fingerprint: fingerprintOf(judged) }
}

/**
 * What changed between two judged versions of a match, field by field: the lines added and
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
