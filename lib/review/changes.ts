import { bestMatchName } from '@/lib/aml/match'
import { highestRisk, matchRiskLevel } from '@/lib/aml/risk'
import { asObject, readArray, readString } from '@/lib/json/read'
import type { AmlMatch, AmlSearchResult } from '@/lib/upstream/schemas'

/* What changed between two screenings of one applicant: matches by their uuid, risks, new evidence. */

export type MatchSummary = {
  uuid: string
  name: string | null
  risk: string | null
  type: string | null
}

export type ScreeningChanges = {
  added: MatchSummary[]
  removed: MatchSummary[]
  riskChanged: { match: MatchSummary; from: string | null; to: string | null }[]
  /** Source names of a match that the previous screening did not list for it. */
  newSources: { match: MatchSummary; sources: string[] }[]
  /** Media headlines (or addresses, for media without one) that the previous screening did not list. */
  newMedia: { match: MatchSummary; headlines: string[] }[]
  /** The highest risk before and after. */
  overall: { from: string | null; to: string | null }
}

/** What part of the history a search for the previous screening looked through. */
export type WindowSummary = {
  records: number
  pages: number
  /** Whether it reached the end of the history (older records do not exist). */
  complete: boolean
  oldest: string | null
}

export type ChangesSincePrevious =
  | {
      found: false
      /**
       * Whether this screening's own record was among what was looked through. Without it (a
       * report has no time of its own), no other screening can be placed before or after it.
       */
      placed: boolean
      window: WindowSummary
    }
  | {
      found: true
      previous: { recordId: string; searchId: string; at: string | null }
      changes: ScreeningChanges
      window: WindowSummary
    }

export function compareScreenings(
  previous: AmlSearchResult,
  current: AmlSearchResult,
): ScreeningChanges {
  const before = new Map(previous.data.map((match) => [match.uuid, match]))
  const now = new Set(current.data.map((match) => match.uuid))
  const changes: ScreeningChanges = {
    added: [],
    removed: previous.data.filter((match) => !now.has(match.uuid)).map(summary),
    riskChanged: [],
    newSources: [],
    newMedia: [],
    overall: { from: highestRisk(previous), to: highestRisk(current) },
  }
  for (const match of current.data) {
    const old = before.get(match.uuid)
    if (!old) {
      changes.added.push(summary(match))
      continue
    }
    const from = matchRiskLevel(old)
    const to = matchRiskLevel(match)
    if (from !== to) changes.riskChanged.push({ match: summary(match), from, to })
    const sources = newItems(sourceNames(old), sourceNames(match))
    if (sources.length > 0) changes.newSources.push({ match: summary(match), sources })
    const headlines = newMediaHeadlines(old, match)
    if (headlines.length > 0) changes.newMedia.push({ match: summary(match), headlines })
  }
  return changes
}

export function isUnchanged(changes: ScreeningChanges): boolean {
  return (
    changes.added.length === 0 &&
    changes.removed.length === 0 &&
    changes.riskChanged.length === 0 &&
    changes.newSources.length === 0 &&
    changes.newMedia.length === 0 &&
    changes.overall.from === changes.overall.to
  )
}

type HistoryRecord = {
  id: string
  event_type?: string | null
  timestamp?: string | null
  payload?: unknown
}

/**
 * Among history records (newest first, any event types, payloads possibly not parsed), the
 * AML_SCREENING record of the same applicant screened just before `current`; null when none.
 * `current` is found by its record id, else by its search uuid; when the records do not hold it,
 * its `timestamp` (if given) says which records are older, and without one nothing is.
 * A record repeating the current search uuid (a redelivery) is not a previous screening.
 */
export function previousScreeningRecord<R extends HistoryRecord>(
  records: readonly R[],
  current: { recordId?: string; applicantId: string; searchUuid: string; timestamp?: string },
): R | null {
  const at = records.findIndex((record) =>
    current.recordId
      ? record.id === current.recordId
      : isScreening(record) && searchUuidOf(record.payload) === current.searchUuid,
  )
  const since = current.timestamp ? Date.parse(current.timestamp) : NaN
  const older = (record: R, index: number) => {
    if (at >= 0) return index > at
    const time = record.timestamp ? Date.parse(record.timestamp) : NaN
    return time < since
  }
  return (
    records.find(
      (record, index) =>
        older(record, index) &&
        isScreening(record) &&
        readString(asObject(record.payload), 'applicant_id') === current.applicantId &&
        searchUuidOf(record.payload) !== current.searchUuid,
    ) ?? null
  )
}

/**
 * The search result an AML_SCREENING payload carries under either name, when it has the shape of
 * one (a search uuid and matches, each with a uuid). Without zod: the server has parsed the
 * payloads already, and a bad one is kept as sent.
 */
export function screeningResult(payload: unknown): AmlSearchResult | null {
  const root = asObject(payload)
  const result = asObject(root?.search_response) ?? asObject(root?.search_result)
  const matches = readArray(result, 'data')
  if (!result || !readString(result, 'search_uuid') || !matches) return null
  if (!matches.every((match) => readString(asObject(match), 'uuid'))) return null
  return result as AmlSearchResult
}

function isScreening(record: HistoryRecord): boolean {
  return record.event_type === 'AML_SCREENING'
}

function searchUuidOf(payload: unknown): string | null {
  const root = asObject(payload)
  return readString(asObject(root?.search_response ?? root?.search_result), 'search_uuid')
}

function summary(match: AmlMatch): MatchSummary {
  return {
    uuid: match.uuid,
    name: bestMatchName(match),
    risk: matchRiskLevel(match),
    type: match.type ?? null,
  }
}

function sourceNames(match: AmlMatch): string[] {
  return (match.fields?.sources ?? [])
    .map((source) => source.name?.trim() || source.source_url?.trim() || '')
    .filter(Boolean)
}

/** Media are told apart by address when they have one (headlines get edited), else by headline. */
function newMediaHeadlines(old: AmlMatch, match: AmlMatch): string[] {
  const key = (item: { source_url?: string | null; headline?: string | null }) =>
    item.source_url?.trim() || item.headline?.trim() || ''
  const known = new Set((old.fields?.media ?? []).map(key))
  const fresh = (match.fields?.media ?? []).filter((item) => key(item) && !known.has(key(item)))
  return [...new Set(fresh.map((item) => item.headline?.trim() || key(item)))]
}

function newItems(old: readonly string[], current: readonly string[]): string[] {
  const known = new Set(old)
  return [...new Set(current.filter((item) => !known.has(item)))]
}
