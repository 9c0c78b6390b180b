import { UNKNOWN } from '@/lib/aml/counts'
import { matchRiskLevel, riskRank } from '@/lib/aml/risk'
import type { AmlMatch } from '@/lib/upstream/schemas'

/*
 * How the match list is shown, kept in the URL (`?sort=risk&risk=High&type=Person&tag=PEP`) so a
 * view can be shared and survives a reload. Unknown values fall back to the defaults.
 */

export const SORTS = ['match', 'importance', 'risk'] as const
export type SortKey = (typeof SORTS)[number]

export type ReportView = {
  sort: SortKey
  risk: string | null
  type: string | null
  tag: string | null
}

export const DEFAULT_VIEW: ReportView = { sort: 'match', risk: null, type: null, tag: null }

/** The values each filter may take: those the report holds. */
export type FilterOptions = {
  risk: readonly string[]
  type: readonly string[]
  tag: readonly string[]
}

type Params = { get(name: string): string | null }

export function parseReportView(params: Params, options: FilterOptions): ReportView {
  const sort = params.get('sort')
  const pick = (name: keyof FilterOptions) => {
    const value = params.get(name)
    return value !== null && options[name].includes(value) ? value : null
  }
  return {
    sort: SORTS.includes(sort as SortKey) ? (sort as SortKey) : 'match',
    risk: pick('risk'),
    type: pick('type'),
    tag: pick('tag'),
  }
}

/** The query string of a view, without the defaults; empty for the default view. */
export function reportViewSearch(view: ReportView): string {
  const params = new URLSearchParams()
  if (view.sort !== 'match') params.set('sort', view.sort)
  if (view.risk) params.set('risk', view.risk)
  if (view.type) params.set('type', view.type)
  if (view.tag) params.set('tag', view.tag)
  const search = params.toString()
  return search ? `?${search}` : ''
}

export function isFiltered(view: ReportView): boolean {
  return view.risk !== null || view.type !== null || view.tag !== null
}

export function filterMatches(matches: readonly AmlMatch[], view: ReportView): AmlMatch[] {
  return matches.filter(
    (match) =>
      (view.risk === null || (matchRiskLevel(match) ?? UNKNOWN) === view.risk) &&
      (view.type === null || (match.type || UNKNOWN) === view.type) &&
      (view.tag === null || (match.tags ?? []).includes(view.tag)),
  )
}

/** Missing numbers sort after every present one. */
const desc = (a: number | null | undefined, b: number | null | undefined) =>
  (typeof b === 'number' ? b : -Infinity) - (typeof a === 'number' ? a : -Infinity) || 0

const comparators: Record<SortKey, (a: AmlMatch, b: AmlMatch) => number> = {
  match: (a, b) =>
    desc(a.search_metadata?.name_match_percentage, b.search_metadata?.name_match_percentage),
  importance: (a, b) => desc(a.importance_score, b.importance_score),
  risk: (a, b) =>
    riskRank(matchRiskLevel(b)) - riskRank(matchRiskLevel(a)) ||
    desc(a.risk_score_value, b.risk_score_value),
}

/** A sorted copy; ties keep the upstream's order. */
export function sortMatches(matches: readonly AmlMatch[], sort: SortKey): AmlMatch[] {
  const compare = comparators[sort]
  return matches
    .map((match, index) => ({ match, index }))
    .sort((a, b) => compare(a.match, b.match) || a.index - b.index)
    .map(({ match }) => match)
}
