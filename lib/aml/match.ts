import type { AmlMatch } from '@/lib/upstream/schemas'
import { epochToDate } from '@/lib/util/time'

/** The name a card leads with: the upstream's best match, else the first name record that has one. */
export function bestMatchName(match: AmlMatch): string | null {
  const best = match.search_metadata?.best_match_name
  if (best) return best
  for (const name of match.fields?.names ?? []) {
    const full =
      name.full_name ||
      [name.first_name, name.middle_name, name.last_name].filter(Boolean).join(' ')
    if (full) return full
  }
  return null
}

const KNOWN_MATCH_KEYS = new Set([
  'uuid',
  'type',
  'annotation',
  'tags',
  'fields',
  'updated_at',
  'importance_score',
  'search_metadata',
  'risk_score_value',
  'risk_score',
])

const KNOWN_FIELD_KEYS = new Set([
  'names',
  'sources',
  'media',
  'images',
  'contact_info',
  'registration_ids',
  'addresses',
  'genders',
  'dates_of_birth',
  'places_of_birth',
  'dates_of_death',
  'places_of_death',
  'citizenships',
  'nationalities',
  'political_roles',
  'occupations',
  'companies_and_enterprises',
  'owners_and_beneficiaries',
  'associates',
  'fatf_records',
])

/**
 * Members of a match (and of its fields) that the reference does not name, so that the card can
 * still show them; empty values are left out.
 */
export function unknownMembers(match: AmlMatch): Record<string, unknown> | null {
  const rest: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(match)) {
    if (!KNOWN_MATCH_KEYS.has(key) && !isEmpty(value)) rest[key] = value
  }
  for (const [key, value] of Object.entries(match.fields ?? {})) {
    if (!KNOWN_FIELD_KEYS.has(key) && !isEmpty(value)) rest[`fields.${key}`] = value
  }
  return Object.keys(rest).length > 0 ? rest : null
}

function isEmpty(value: unknown) {
  return (
    value === null ||
    value === undefined ||
    value === '' ||
    (Array.isArray(value) && value.length === 0)
  )
}

/** Newest first; items without a date go last, in their upstream order. */
export function newestFirst<T extends { published_at?: number | null }>(items: readonly T[]): T[] {
  const time = (item: T) => epochToDate(item.published_at)?.getTime() ?? -Infinity
  return [...items].sort((a, b) => time(b) - time(a) || 0)
}
