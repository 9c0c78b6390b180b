import { countByRisk, countByType, type Count } from '@/lib/aml/counts'
import { bestMatchName } from '@/lib/aml/match'
import { matchRiskLevel } from '@/lib/aml/risk'
import { DETAILED_MATCHES, type Block, type PackSection } from '@/lib/evidence/contract'
import {
  decisionLabels,
  type MatchDecisions,
  type SearchDecisions,
} from '@/lib/review/decision-rules'
import type { ReportReview } from '@/lib/review/report-comparisons'
import type { AmlMatch, AmlSearchResult } from '@/lib/upstream/schemas'

import { NONE, plural, text, when } from './words'

/*
 * An AML report as Verity shows it: the summary, who it was compared with, and every match with
 * its comparison and its decisions (who, when, why, and where the four-eyes rule stands). Past the
 * first hundred, matches are counted rather than shown; a match someone decided on is always
 * shown, since the decisions are what the pack is asked for. Not server-only: laid out in the
 * pack's worker thread (pack-worker.ts).
 */

export function amlSections(
  report: AmlSearchResult,
  review: ReportReview,
  decisions: SearchDecisions,
): PackSection[] {
  const decided = report.data.filter((match) => decisions.matches[match.uuid])
  const rest = report.data.filter((match) => !decisions.matches[match.uuid])
  const detailed = [...decided, ...rest.slice(0, Math.max(0, DETAILED_MATCHES - decided.length))]
  const summarised = rest.slice(Math.max(0, DETAILED_MATCHES - decided.length))
  return [
    {
      key: 'aml',
      title: 'AML report',
      blocks: [
        {
          kind: 'facts',
          facts: [
            { label: 'Search id', value: report.search_uuid },
            { label: 'Requested name', value: text(report.requested_name) },
            { label: 'Highest risk', value: text(report.max_risk_score) },
            { label: 'Matches', value: report.data.length.toLocaleString('en') },
            { label: 'By risk', value: counted(countByRisk(report.data)) },
            { label: 'By type', value: counted(countByType(report.data)) },
            {
              label: 'Reviewed',
              value: `${decisions.counts.reviewed} of ${report.data.length}, ${decisions.counts.awaitingSecond} awaiting a second analyst`,
            },
          ],
        },
        { kind: 'subheading', text: 'Compared with' },
        {
          kind: 'facts',
          facts: [
            { label: 'Subject', value: subjectWords(review) },
            { label: 'Names', value: review.subject.names.join('; ') || NONE },
            { label: 'Born', value: review.subject.born ?? NONE },
            { label: 'Countries', value: review.subject.countries.join(', ') || NONE },
            { label: 'Gender', value: review.subject.gender ?? NONE },
          ],
        },
      ],
    },
    {
      key: 'matches',
      title: `Matches (${detailed.length.toLocaleString('en')} of ${report.data.length.toLocaleString('en')} in full)`,
      blocks:
        report.data.length === 0
          ? [{ kind: 'text', text: 'The screening found no matches.' }]
          : [
              ...detailed.flatMap((match, index) =>
                matchBlocks(match, index + 1, review, decisions.matches[match.uuid]),
              ),
              ...summary(summarised),
            ],
    },
  ]
}

function counted(counts: Count[]) {
  return (
    counts.map(({ value, count }) => `${value} ${count.toLocaleString('en')}`).join(', ') || NONE
  )
}

function subjectWords(review: ReportReview) {
  const source = review.subject.source
  const named = source
    ? source.kind === 'verification'
      ? `verification ${source.shortId}`
      : `screening record ${source.recordId}`
    : 'the requested name'
  const status: Record<ReportReview['status'], string> = {
    none: 'no subject named: compared with the requested name',
    known: 'linked to this report by the upstream',
    not_found: 'not found: compared with the requested name',
    not_linked: 'not linked to this report: compared with the requested name',
    unavailable: 'could not be read: compared with the requested name',
  }
  return `${named} (${status[review.status]})`
}

function matchBlocks(
  match: AmlMatch,
  number: number,
  review: ReportReview,
  decided: MatchDecisions | undefined,
): Block[] {
  const why = review.comparisons[match.uuid]
  const meta = match.search_metadata
  const blocks: Block[] = [
    {
      kind: 'subheading',
      text: `${number}. ${bestMatchName(match) ?? 'Unnamed match'} (${text(match.type)}, risk ${matchRiskLevel(match) ?? 'unknown'})`,
    },
    {
      kind: 'facts',
      facts: [
        { label: 'Match uuid', value: match.uuid },
        {
          label: 'Name match',
          value:
            [
              meta?.name_match_percentage === undefined || meta.name_match_percentage === null
                ? null
                : `${meta.name_match_percentage}%`,
              meta?.name_match_level,
            ]
              .filter(Boolean)
              .join(', ') || NONE,
        },
        { label: 'Tags', value: match.tags?.join(', ') || NONE },
        {
          label: 'Comparison',
          value: why ? `${why.sentence} (${overallWords(why.overall)})` : NONE,
        },
        { label: 'Review', value: stateWords(decided) },
      ],
    },
  ]
  if (decided && decided.history.length > 0) {
    blocks.push({
      kind: 'table',
      columns: ['When', 'Analyst', 'Decision', 'Reason'],
      widths: [1.5, 1.4, 1.6, 3],
      rows: decided.history.map((entry) => [
        when(entry.at),
        entry.user,
        `${decisionLabels[entry.decision]} (${entry.action.replace('_', ' ')})`,
        entry.reason || NONE,
      ]),
    })
  }
  return blocks
}

function overallWords(overall: 'conflicts' | 'fits' | 'unknown') {
  if (overall === 'conflicts') return 'conflicts'
  if (overall === 'fits') return 'no conflict'
  return 'only the name to go by'
}

function stateWords(decided: MatchDecisions | undefined) {
  const state = decided?.state
  if (!state || state.status === 'unreviewed') return 'unreviewed'
  const label = decisionLabels[state.entry.decision]
  if (state.status === 'awaiting_second') {
    return `${label} by ${state.entry.user}, awaiting a second analyst (four-eyes)`
  }
  return `${label}, final (${state.entry.user}, ${when(state.entry.at)})`
}

function summary(matches: AmlMatch[]): Block[] {
  if (matches.length === 0) return []
  return [
    {
      kind: 'subheading',
      text: `${plural(matches.length, 'more match', 'more matches')}, counted`,
    },
    {
      kind: 'text',
      text: `None of them has a decision. By risk: ${counted(countByRisk(matches))}. By type: ${counted(countByType(matches))}.`,
    },
  ]
}
