'use client'

import { useMemo } from 'react'

import { MatchDetailsProvider } from '@/components/aml/match-details-query'
import { MatchList } from '@/components/aml/match-list'
import { PrintMatches } from '@/components/aml/print-matches'
import { ReportToolbar, type ReviewCounts } from '@/components/aml/report-toolbar'
import { useReportMatches } from '@/components/aml/use-report-matches'
import { ReportReviewProvider, useMatchFacts } from '@/components/review/review-context'
import { EmptyState } from '@/components/ui/empty-state'
import type { MatchFacts } from '@/lib/aml/view'
import type { Projected } from '@/lib/projection/projected'
import type { MatchWhyView } from '@/lib/review/compare'
import type { AmlMatch } from '@/lib/upstream/schemas'

type Props = {
  matches: readonly Projected<AmlMatch>[]
  requestedName: string | null | undefined
  searchId: string
  /** The subject link parameter, when the upstream links that subject to this report. */
  subject: string | null
  comparisons: Record<string, MatchWhyView>
}

/**
 * The report's interactive part: review progress, sort and filters, the match cards with their
 * decisions, the print copy of the chosen ones.
 */
export function ReportMatches({ searchId, subject, comparisons, ...rest }: Props) {
  return (
    <ReportReviewProvider searchId={searchId} subject={subject} comparisons={comparisons}>
      <MatchDetailsProvider searchId={searchId}>
        <MatchesWithReview {...rest} />
      </MatchDetailsProvider>
    </ReportReviewProvider>
  )
}

function MatchesWithReview({ matches, requestedName }: Pick<Props, 'matches' | 'requestedName'>) {
  const facts = useMatchFacts()
  const state = useReportMatches(matches, facts)
  const { counts, view, visible, expanded, reportMatchIds } = state
  const reviewCounts = useMemo(() => countReview(matches, facts), [matches, facts])
  return (
    <>
      <ReportToolbar
        view={view}
        onChange={state.setView}
        risks={counts.risk}
        types={counts.type}
        tags={counts.tag}
        reviewCounts={reviewCounts}
        shown={visible.length}
        total={matches.length}
      />
      {visible.length === 0 ? (
        <EmptyState title="No match fits these filters" />
      ) : (
        <MatchList
          matches={visible}
          requestedName={requestedName}
          expanded={expanded}
          onToggle={state.toggle}
          reportMatchIds={reportMatchIds}
          onRevealMatch={state.revealFromLink}
          revealId={state.revealId}
          onRevealed={state.onRevealed}
        />
      )}
      <PrintMatches
        matches={visible.filter((match) => expanded.has(match.uuid))}
        requestedName={requestedName}
        reportMatchIds={reportMatchIds}
      />
    </>
  )
}

function countReview(matches: readonly Projected<AmlMatch>[], facts: MatchFacts): ReviewCounts {
  const counts: ReviewCounts = {
    fit: { conflict: 0, 'no-conflict': 0 },
    review: { unreviewed: 0, awaiting_second: 0, decided: 0 },
  }
  for (const { uuid } of matches) {
    counts.fit[(facts.conflicts(uuid) ?? 0) > 0 ? 'conflict' : 'no-conflict']++
    counts.review[facts.review(uuid)]++
  }
  return counts
}
