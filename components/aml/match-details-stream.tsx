'use client'

import { createContext, use, type ComponentProps, type ReactNode } from 'react'

import { MatchDetail } from '@/components/aml/match-detail'
import { withDetails, type MatchDetails } from '@/lib/aml/details'
import type { Projected } from '@/lib/projection/projected'
import type { AmlMatch } from '@/lib/upstream/schemas'

/*
 * The report's match details, streamed by the server after the first screen (lib/aml/details.ts).
 * An expanded card waits for them only if it is opened before they have arrived.
 */

type DetailsByMatch = Promise<Record<string, MatchDetails<Projected<AmlMatch>>>>

const DetailsContext = createContext<DetailsByMatch | null>(null)

export function MatchDetailsProvider({
  details,
  children,
}: {
  details: DetailsByMatch
  children: ReactNode
}) {
  return <DetailsContext value={details}>{children}</DetailsContext>
}

/** An expanded card's body: the match with its details (a card outside a report has them all). */
export function StreamedMatchDetail({ match, ...rest }: ComponentProps<typeof MatchDetail>) {
  const details = use(DetailsContext)
  const full = details ? withDetails(match, use(details)[match.uuid]) : match
  return <MatchDetail match={full} {...rest} />
}
