import { MatchCard } from '@/components/aml/match-card'
import type { Projected } from '@/lib/projection/projected'
import type { AmlMatch } from '@/lib/upstream/schemas'

const noop = () => undefined

/**
 * The cards the analyst expanded, in full, for the print view only. The on-screen list is
 * virtualised, so it cannot be printed as it is; this one holds only the chosen cards.
 */
export function PrintMatches({
  matches,
  requestedName,
  reportMatchIds,
}: {
  matches: readonly Projected<AmlMatch>[]
  requestedName: string | null | undefined
  reportMatchIds: ReadonlySet<string>
}) {
  return (
    <div className="hidden space-y-3 print:block">
      {matches.length === 0 ? (
        <p className="text-sm">No match cards were expanded, so only the summary is printed.</p>
      ) : (
        matches.map((match) => (
          <MatchCard
            key={match.uuid}
            match={match}
            requestedName={requestedName}
            expanded
            anchor={false}
            onToggle={noop}
            reportMatchIds={reportMatchIds}
            onRevealMatch={noop}
          />
        ))
      )}
    </div>
  )
}
