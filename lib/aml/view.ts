import { UNKNOWN } from '@/lib/aml/counts'
import { matchRiskLevel, riskRank } from '@/lib/aml/risk'
import type { AmlMatch } from '@/lib/upstream/schemas'

/*
 * How the match list is shown, kept in the URL (`?sort=risk&risk=High&type=Person&tag=PEP`) so a
 * view can be shared and survives a reload. Unknown values fall back to the defaults.
 */

const SORTS = ['match', 'importance', 'risk', 'conflicts'] as const
export type SortKey = (typeof SORTS)[number]

/** Whether a match's facts conflict with the screened subject's (lib/review/compare.ts). */
export const FITS = ['conflict', 'no-conflict'] as const
export type FitFilter = (typeof FITS)[number]

/** Where a match stands in review (lib/review/decision-rules.ts). */
export const REVIEWS = ['unreviewed', 'awaiting_second', 'decided'] as const
export type ReviewFilter = (typeof REVIEWS)[number]

export type ReportView = {
  sort: SortKey
  risk: string | null
  type: string | null
  tag: string | null
  fit: FitFilter | null
  review: ReviewFilter | null
}

export const DEFAULT_VIEW: ReportView = {
  sort: 'match',
  risk: null,
  type: null,
  tag: null,
  fit: null,
  review: null,
}

/**
 * What review knows of each match, by uuid: how many facts conflict (null: nothing to compare)
 * and its review status. Without it the review sort and filters keep every match in place.
 */
export type MatchFacts = {
  conflicts(uuid: string): number | null
  review(uuid: string): ReviewFilter
}

/** The values each filter may take: those the report holds. */
export type FilterOptions = {
  risk: readonly string[]
  type: readonly string[]
  tag: readonly string[]
}

type Params = { get(name: string): string | null }

export function parseReportView(params: Params, options: FilterOptions): ReportView {
  const pick = (name: keyof FilterOptions) => {
    const value = params.get(name)
    return value !== null && options[name].includes(value) ? value : null
  }
  const oneOf = <T extends string>(name: string, values: readonly T[]) => {
    const value = params.get(name)
    return values.includes(value as T) ? (value as T) : null
  }
  return {
    sort: oneOf('sort', SORTS) ?? 'match',
    risk: pick('risk'),
    type: pick('type'),
    tag: pick('tag'),
    fit: oneOf('fit', FITS),
    review: oneOf('review', REVIEWS),
  }
}

/** The query string of a view, without the defaults; empty for the default view. */
export function reportViewSearch(view: ReportView): string {
  const params = new URLSearchParams()
  if (view.sort !== 'match') params.set('sort', view.sort)
  if (view.risk) params.set('risk', view.risk)
  if (view.type) params.set('type', view.type)
  if (view.tag) params.set('tag', view.tag)
  if (view.fit) params.set('fit', view.fit)
  if (view.review) params.set('review', view.review)
  const search = params.toString()
  return search ? `?${search}` : ''
}

export function isFiltered(view: ReportView): boolean {
  return (
    view.risk !== null ||
    view.type !== null ||
    view.tag !== null ||
    view.fit !== null ||
    view.review !== null
  )
}

function fits(fit: FitFilter, conflicts: number | null) {
  return fit === 'conflict' ? (conflicts ?? 0) > 0 : (conflicts ?? 0) === 0
}

export function filterMatches<Match extends AmlMatch>(
  matches: readonly Match[],
  view: ReportView,
  facts?: MatchFacts,
): Match[] {
  return matches.filter(
    (match) =>
      (view.risk === null || (matchRiskLevel(match) ?? UNKNOWN) === view.risk) &&
      (view.type === null || (match.type || UNKNOWN) === view.type) &&
      (view.tag === null || (match.tags ?? []).includes(view.tag)) &&
      (view.fit === null || !facts || fits(view.fit, facts.conflicts(match.uuid))) &&
      (view.review === null || !facts || facts.review(match.uuid) === view.review),
  )
}

/** Missing numbers sort after every present one. */
const desc = (a: number | null | undefined, b: number | null | undefined) =>
  (typeof b === 'number' ? b : -Infinity) - (typeof a === 'number' ? a : -Infinity) || 0

const byNameMatch = (a: AmlMatch, b: AmlMatch) =>
  desc(a.search_metadata?.name_match_percentage, b.search_metadata?.name_match_percentage)

function comparator(sort: SortKey, facts?: MatchFacts): (a: AmlMatch, b: AmlMatch) => number {
  switch (sort) {
    case 'match':
      return byNameMatch
    case 'importance':
      return (a, b) => desc(a.importance_score, b.importance_score)
    case 'risk':
      return (a, b) =>
        riskRank(matchRiskLevel(b)) - riskRank(matchRiskLevel(a)) ||
        desc(a.risk_score_value, b.risk_score_value)
    case 'conflicts':
      // Most conflicting facts first: those are the hits a glance dismisses; then by name match.
      return (a, b) => desc(facts?.conflicts(a.uuid), facts?.conflicts(b.uuid)) || byNameMatch(a, b)
  }
}

/** A sorted copy; ties keep the upstream's order. */
export function sortMatches<Match extends AmlMatch>(
  matches: readonly Match[],
  sort: SortKey,
  facts?: MatchFacts,
): Match[] {
  const compare = comparator(sort, facts)
  return matches
    .map((match, index) => ({ match, index }))
    .sort((a, b) => compare(a.match, b.match) || a.index - b.index)
    .map(({ match }) => match)
}
