import type { AmlMatch, AmlSearchResult } from '@/lib/upstream/schemas'

/*
 * A report's matches in two parts. The list part is what a collapsed card, the sort, the filters
 * and the counts read; the details (every field record and the rest of the search metadata) are
 * shown only in an expanded card, and make up most of a big report's weight, so the page's HTML
 * holds the list part only and the cards read the details from the report's route once the page
 * is up (components/aml/match-details-query.tsx).
 */

/** What an expanded card adds to its match (projected when `Match` is), by match uuid. */
export type MatchDetails<Match extends AmlMatch = AmlMatch> = Pick<
  Match,
  'fields' | 'search_metadata'
>

/** A match as its collapsed card and the list need it. */
export function listPart(match: AmlMatch): AmlMatch {
  const { fields, search_metadata: meta, ...rest } = match
  const best = meta?.best_match_name
  return {
    ...rest,
    ...(meta && {
      search_metadata: {
        ...(best != null && { best_match_name: best }),
        ...(meta.name_match_percentage != null && {
          name_match_percentage: meta.name_match_percentage,
        }),
      },
    }),
    // The card's name falls back to the name records when the upstream names no best match.
    ...(!best && fields?.names && { fields: { names: fields.names } }),
  }
}

/** The report with only the list part of each match. */
export function listReport(result: AmlSearchResult): AmlSearchResult {
  return { ...result, data: result.data.map(listPart) }
}

/** The details of each of these (projected) matches, by uuid. */
export function detailsOf<Match extends AmlMatch>(
  matches: readonly Match[],
): Record<string, MatchDetails<Match>> {
  return Object.fromEntries(
    matches.map((match) => [
      match.uuid,
      { fields: match.fields, search_metadata: match.search_metadata },
    ]),
  )
}

/** The match whole again: its list part with its details, when they have arrived. */
export function withDetails<Match extends AmlMatch>(
  match: Match,
  details: MatchDetails<Match> | undefined,
): Match {
  return details ? { ...match, ...details } : match
}
