import type { AmlMatch, AmlSearchResult } from '@/lib/upstream/schemas'
import { DAY, SIM_NOW } from './clock'
import { matchFields, stubName, type EntityType, type MatchStub } from './dataset-aml-fields'
import { subjectHit, type Identity } from './dataset-aml-subject'
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
  /** Who was screened: every match is then a Person with facts set against theirs. */
  subject?: Identity
}

/** The data set's AML results as they are built: by spec, or put as they are. */
export type AmlRegistry = {
  get(searchId: string): AmlSearchResult | undefined
  add(spec: AmlSpec): AmlSearchResult
  put(result: AmlSearchResult): void
}

const RISKS = ['Low', 'Medium', 'High'] as const
export type Risk = (typeof RISKS)[number]
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
  const best = stub.hit?.names[0]?.full_name ?? stub.person?.variants[0]?.full_name ?? stub.name
  const updatedAt = Math.floor((SIM_NOW - rng.int(0, 900) * DAY) / 1000)
  const metadata = {
    best_match_name: best,
    name_match_percentage: rng.int(35, 100),
    risk_profile_info: { id: 'rp_default', name: 'Default risk profile', version: rng.int(1, 4) },
    name_match_level: rng.pick(LEVELS),
    date_of_birth_matched: rng.pick(LEVELS),
    country_matched: rng.pick(LEVELS),
    gender_matched: rng.pick(LEVELS),
  }
  const levels = stub.hit?.levels
  if (levels)
    Object.assign(metadata, {
      name_match_percentage: levels.name,
      name_match_level: levels.name >= 95 ? 'MATCH' : 'PARTIAL_MATCH',
      date_of_birth_matched: levels.dob,
      country_matched: levels.country,
      gender_matched: levels.gender,
    })
  Object.assign(match, {
    updated_at: updatedAt,
    risk_score_value: value,
    search_metadata: metadata,
  })
  return { match, risk: riskOfValue(value) }
}

export function buildAmlResult(seed: number, spec: AmlSpec): AmlSearchResult {
  const rng = rngFor(seed, 'aml', spec.searchId)
  const types = spec.types ?? ['Person']
  const stubs: MatchStub[] = Array.from({ length: spec.matches }, (_, i) => {
    if (spec.subject) return subjectHit(rng, spec.subject, i)
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
    result.max_risk_score = maxRisk(result.data)
    result.fatf_records = rng.sample(FATF, rng.int(0, 2)).map((f) => ({ ...f }))
  }
  return result
}

/** A match's risk in either of its two styles (a string, or a 0-100 value). */
function matchRisk(match: AmlMatch): Risk {
  if (typeof match.risk_score === 'string') return match.risk_score as Risk
  return riskOfValue(match.risk_score_value ?? 0)
}

/** Sets a match's risk in the style it already has. */
export function setMatchRisk(match: AmlMatch, risk: Risk): void {
  if (typeof match.risk_score === 'string') match.risk_score = risk
  else match.risk_score_value = { Low: 18, Medium: 55, High: 84 }[risk]
}

export function maxRisk(matches: readonly AmlMatch[]): Risk {
  return RISKS[Math.max(...matches.map((m) => RISKS.indexOf(matchRisk(m))))] ?? 'Low'
}
