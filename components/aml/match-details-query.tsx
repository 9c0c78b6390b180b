'use client'

import { useQuery } from '@tanstack/react-query'
import { createContext, use, type ComponentProps, type ReactNode } from 'react'

import { MatchDetail } from '@/components/aml/match-detail'
import { ErrorState } from '@/components/ui/error-state'
import { detailsOf, withDetails, type MatchDetails } from '@/lib/aml/details'
import type { Projected } from '@/lib/projection/projected'
import { amlSearchQueryOptions } from '@/lib/queries/aml'
import type { AmlMatch, AmlSearchResult } from '@/lib/upstream/schemas'

/*
 * The report's match details: not in the page's HTML (a 1,000-match report's details were 1.7 of
 * its 2.4 MB, and the first paint waited for all of them), but read once the page is up, from the
 * report's route, whose projection masks every value under the same path and token as the page's.
 * An expanded card waits for them only if it is opened before they have arrived.
 */

type DetailsState = {
  details: Record<string, MatchDetails<Projected<AmlMatch>>> | undefined
  error: unknown
  retry: () => void
}

const DetailsContext = createContext<DetailsState | null>(null)

// One function for the provider's life: TanStack Query runs a `select` again when it changes.
const selectDetails = (report: Projected<AmlSearchResult>) => detailsOf(report.data)

export function MatchDetailsProvider({
  searchId,
  children,
}: {
  searchId: string
  children: ReactNode
}) {
  const { data, error, refetch } = useQuery({
    ...amlSearchQueryOptions(searchId),
    select: selectDetails,
    // The cards' list part is the page's read; details read again later could disagree with it.
    staleTime: Infinity,
  })
  return (
    <DetailsContext value={{ details: data, error, retry: () => void refetch() }}>
      {children}
    </DetailsContext>
  )
}

/** An expanded card's body: the match with its details (a card outside a report has them all). */
export function MatchDetailBody({ match, ...rest }: ComponentProps<typeof MatchDetail>) {
  const state = use(DetailsContext)
  if (!state) return <MatchDetail match={match} {...rest} />
  if (state.details) {
    return <MatchDetail match={withDetails(match, state.details[match.uuid])} {...rest} />
  }
  if (state.error) {
    return <ErrorState error={state.error} what="this match's details" onRetry={state.retry} />
  }
  return (
    <p role="status" className="text-sm text-faint">
      Loading the details…
    </p>
  )
}
