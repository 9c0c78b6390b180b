'use client'

import { MatchList } from '@/components/aml/match-list'
import { PrintMatches } from '@/components/aml/print-matches'
import { ReportToolbar } from '@/components/aml/report-toolbar'
import { useReportMatches } from '@/components/aml/use-report-matches'
import { EmptyState } from '@/components/ui/empty-state'
import type { AmlMatch } from '@/lib/upstream/schemas'

/** The report's interactive part: sort and filters, the match cards, the print copy of the chosen ones. */
export function ReportMatches({
  matches,
  requestedName,
}: {
  matches: readonly AmlMatch[]
  requestedName: string | null | undefined
}) {
  const state = useReportMatches(matches)
  const { counts, view, visible, expanded, reportMatchIds } = state
  return (
    <>
      <ReportToolbar
        view={view}
        onChange={state.setView}
        risks={counts.risk}
        types={counts.type}
        tags={counts.tag}
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
