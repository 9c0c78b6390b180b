'use client'

import { useQuery } from '@tanstack/react-query'
import { createContext, useContext, useMemo, type ReactNode } from 'react'

import type { MatchFacts } from '@/lib/aml/view'
import { decisionsQueryOptions } from '@/lib/queries/decisions'
import type { MatchWhyView } from '@/lib/review/compare'
import type { SearchDecisions } from '@/lib/review/decision-rules'

/*
 * What the match cards need of review: the server's comparison of each match with the subject,
 * and the decisions (refetched, so another analyst's appear). In a context rather than props, as
 * the cards sit under the virtual list and the print copy.
 */

type ReportReviewValue = {
  searchId: string
  subject: string | null
  comparisons: Record<string, MatchWhyView>
  decisions: SearchDecisions | undefined
  decisionsFailed: boolean
}

const ReviewContext = createContext<ReportReviewValue | null>(null)

export function ReportReviewProvider({
  searchId,
  subject,
  comparisons,
  children,
}: {
  searchId: string
  subject: string | null
  comparisons: Record<string, MatchWhyView>
  children: ReactNode
}) {
  const { data, isError } = useQuery(decisionsQueryOptions(searchId, subject))
  const value = useMemo(
    () => ({ searchId, subject, comparisons, decisions: data, decisionsFailed: isError }),
    [searchId, subject, comparisons, data, isError],
  )
  return <ReviewContext value={value}>{children}</ReviewContext>
}

/** Null outside a report (a card rendered alone shows no review). */
export function useReportReview(): ReportReviewValue | null {
  return useContext(ReviewContext)
}

/** The sort and filters' view of review (lib/aml/view.ts). */
export function useMatchFacts(): MatchFacts {
  const review = useReportReview()
  const comparisons = review?.comparisons
  const decisions = review?.decisions
  return useMemo(
    () => ({
      conflicts: (uuid) => comparisons?.[uuid]?.conflicts ?? null,
      review: (uuid) => decisions?.matches[uuid]?.state.status ?? 'unreviewed',
    }),
    [comparisons, decisions],
  )
}
