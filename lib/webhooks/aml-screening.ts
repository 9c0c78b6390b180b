import { highestRisk } from '@/lib/aml/risk'
import {
  asObject,
  readArray,
  readBoolean,
  readNumber,
  readString,
  readStrings,
  type JsonObject,
} from '@/lib/json/read'
import type { AmlMatch } from '@/lib/upstream/schemas'
import { isShortId } from '@/lib/util/ids'

/** What the timeline shows of an AML_SCREENING payload, whichever of its known shapes arrived. */
export type AmlScreening = {
  requestedName: string | null
  countries: string[]
  dateOfBirth: { from: string | null; to: string | null } | null
  riskScores: string[]
  entityTypes: string[]
  fuzziness: boolean | null
  fuzzinessLevel: number | null
  phonetics: boolean | null
  mode: string | null
  searchUuid: string | null
  /** null when the payload carries no result to count. */
  matchCount: number | null
  highestRisk: string | null
  externalId: string | null
  applicantId: string | null
  screeningId: string | null
  verificationShortId: string | null
}

/**
 * Reads the payload defensively: the server schema renames `search_result` to `search_response`
 * when the payload parses, but a payload it could not parse arrives as sent.
 */
export function readAmlScreening(payload: unknown): AmlScreening | null {
  const root = asObject(payload)
  if (!root) return null
  const request = asObject(root.search_request)
  const result = asObject(root.search_response) ?? asObject(root.search_result)
  const matches = readArray(result, 'data')
  const risk = matches
    ? highestRisk({
        max_risk_score: readString(result, 'max_risk_score'),
        data: matches.map(riskOfMatch),
      })
    : null
  return {
    requestedName: readString(result, 'requested_name') ?? requestedName(request),
    countries: readStrings(request, 'countries'),
    dateOfBirth: dateRange(request?.date_of_birth),
    riskScores: readStrings(request, 'risk_scores'),
    entityTypes: readStrings(request, 'entity_types'),
    fuzziness: readBoolean(request, 'fuzziness'),
    fuzzinessLevel: readNumber(request, 'fuzziness_level'),
    phonetics: readBoolean(request, 'phonetics'),
    mode: readString(request, 'mode'),
    searchUuid: readString(result, 'search_uuid'),
    matchCount: matches ? matches.length : null,
    // Without a result to read, the screening's own assigned score stands in.
    highestRisk: matches ? risk : readString(asObject(root.risk_score), 'type'),
    externalId: readString(root, 'external_id'),
    applicantId: readString(root, 'applicant_id'),
    screeningId: readString(root, 'screening_id'),
    verificationShortId: readVerificationShortId(root),
  }
}

/** Only what the AML page's risk helper reads, taken from a match of unchecked shape. */
function riskOfMatch(match: unknown): AmlMatch {
  const object = asObject(match)
  return {
    uuid: readString(object, 'uuid') ?? '',
    risk_score: readString(object, 'risk_score'),
    risk_score_value: readNumber(object, 'risk_score_value'),
  }
}

function requestedName(request: JsonObject | null): string | null {
  const full = readString(request, 'full_name')
  if (full) return full
  const parts = [readString(request, 'first_name'), readString(request, 'last_name')]
  return parts.filter(Boolean).join(' ') || null
}

function dateRange(value: unknown): AmlScreening['dateOfBirth'] {
  const range = asObject(value)
  const from = readString(range, 'gte')
  const to = readString(range, 'lte')
  return from || to ? { from, to } : null
}

/** The verification short id a payload names itself; never derived from anything else. */
export function readVerificationShortId(payload: unknown): string | null {
  const shortId = readString(asObject(payload), 'verification_url_id')
  return shortId && isShortId(shortId) ? shortId : null
}
