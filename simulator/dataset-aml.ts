import type { AmlMatch, AmlSearchResult } from '@/lib/upstream/schemas'
import { DAY, SIM_NOW } from './clock'
import { matchFields, stubName, type EntityType, type MatchStub } from './dataset-aml-fields'
import { rngFor, type Rng } from './random'
import { FATF, TAGS } from './vocab-aml'

export type AmlSpec = {
  searchId: string
  requestedName: string
  matches: number
  /** How many leading matches get every field group. */
  fullMatches: number
  /** Entity types cycled through; Person when omitted. */
  types?: readonly EntityType[]
}

const RISKS = ['Low', 'Medium', 'High'] as const
const riskOfValue = (value: number) => (value >= 70 ? 'High' : value >= 40 ? 'Medium' : 'Low')
const LEVELS = ['NO_MATCH', 'PARTIAL_MATCH', 'MATCH', 'FILTER_NOT_SET'] as const

function buildMatch(
  rng: Rng,
  stub: MatchStub,
  stubs: readonly MatchStub[],
  index: number,
  full: boolean,
): { match: AmlMatch; risk: string } {
  // Every fourth match looks like the provider's real payloads: a string risk_score, no metadata.
  const realStyle = index % 4 === 3
  const fields = matchFields(rng, stub, stubs, full, realStyle)
  const tags = new Set<string>((fields.sources ?? []).flatMap((s) => (s.tags ?? []).map(String)))
  if ((fields.media ?? []).length > 0) tags.add('Media')
  if ((fields.associates ?? []).length > 0) tags.add('Associate')
  if (full) tags.add(rng.pick(TAGS))
  const match: AmlMatch = {
    uuid: stub.uuid,
    type: stub.type,
    annotation:
      index === 0 && full
        ? 'Known as <b>bold</b> "The Banker"; not to be confused with his namesake.'
        : `(also ${stub.name.toUpperCase()})`,
    tags: [...tags],
    fields,
    importance_score: rng.float(0, 1),
  }
  if (realStyle) {
    const risk = rng.pick(RISKS)
    if (rng.chance(0.4)) delete match.annotation
    return { match: { ...match, risk_score: risk }, risk }
  }
  const value = rng.int(0, 100)
  const best = stub.person?.variants[0]?.full_name ?? stub.name
  Object.assign(match, {
    updated_at: Math.floor((SIM_NOW - rng.int(0, 900) * DAY) / 1000),
    risk_score_value: value,
    search_metadata: {
      best_match_name: best,
      name_match_percentage: rng.int(35, 100),
      risk_profile_info: { id: 'rp_default', name: 'Default risk profile', version: rng.int(1, 4) },
      name_match_level: rng.pick(LEVELS),
      date_of_birth_matched: rng.pick(LEVELS),
      country_matched: rng.pick(LEVELS),
      gender_matched: rng.pick(LEVELS),
    },
  })
  return { match, risk: riskOfValue(value) }
}

export function buildAmlResult(seed: number, spec: AmlSpec): AmlSearchResult {
  const rng = rngFor(seed, 'aml', spec.searchId)
  const types = spec.types ?? ['Person']
  const stubs: MatchStub[] = Array.from({ length: spec.matches }, (_, i) => {
    const type = types[i % types.length] ?? 'Person'
    return { uuid: rng.uuid(), type, ...stubName(rng, type) }
  })
  const built = stubs.map((stub, i) => buildMatch(rng, stub, stubs, i, i < spec.fullMatches))
  const result: AmlSearchResult = {
    requested_name: spec.requestedName,
    search_uuid: spec.searchId,
    data: built.map((b) => b.match),
  }
  // Like the real payloads: no max_risk_score when nothing matched.
  if (built.length > 0) {
    result.max_risk_score =
      RISKS[Math.max(...built.map((b) => RISKS.indexOf(b.risk as (typeof RISKS)[number])))]
    result.fatf_records = rng.sample(FATF, rng.int(0, 2)).map((f) => ({ ...f }))
  }
  return result
}
