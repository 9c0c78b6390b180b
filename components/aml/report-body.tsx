'use client'

import { useCallback, useEffect, useMemo, useRef, useState } from 'react'

import { MatchList } from '@/components/aml/match-list'
import { PrintMatches } from '@/components/aml/print-matches'
import { ReportActions } from '@/components/aml/report-actions'
import { ReportSummary } from '@/components/aml/report-summary'
import { ReportToolbar } from '@/components/aml/report-toolbar'
import { useReportView } from '@/components/aml/use-report-view'
import { EmptyState } from '@/components/ui/empty-state'
import { IdentityValue } from '@/components/ui/identity-value'
import { useToggleSet } from '@/components/ui/use-toggle-set'
import { countByRisk, countByTag, countByType } from '@/lib/aml/counts'
import { highestRisk } from '@/lib/aml/risk'
import { DEFAULT_VIEW, filterMatches, sortMatches } from '@/lib/aml/view'
import type { AmlSearchResult } from '@/lib/upstream/schemas'

const HASH = /^#match-(.+)$/

/** A loaded report: summary, controls, the match cards and the print copy of the chosen ones. */
export function ReportBody({ result }: { result: AmlSearchResult }) {
  const counts = useMemo(
    () => ({
      risk: countByRisk(result.data),
      type: countByType(result.data),
      tag: countByTag(result.data),
    }),
    [result.data],
  )
  const options = useMemo(
    () => ({
      risk: counts.risk.map((c) => c.value),
      type: counts.type.map((c) => c.value),
      tag: counts.tag.map((c) => c.value),
    }),
    [counts],
  )
  const [view, setView] = useReportView(options)
  const visible = useMemo(
    () => sortMatches(filterMatches(result.data, view), view.sort),
    [result.data, view],
  )
  const reportMatchIds = useMemo(
    () => new Set(result.data.map((match) => match.uuid)),
    [result.data],
  )
  const [expanded, toggle, setExpanded] = useToggleSet()
  const [revealId, setRevealId] = useState<string | null>(null)

  /**
   * Opens a match's card and scrolls to it, clearing filters that hide it. From a link, the URL
   * gets the card's hash, in the same navigation as the cleared filters so neither undoes the other.
   */
  const reveal = useCallback(
    (uuid: string, fromLink = false) => {
      if (!reportMatchIds.has(uuid)) return
      const hash = fromLink ? `#match-${uuid}` : window.location.hash
      setExpanded((current) => new Set(current).add(uuid))
      if (!visible.some((match) => match.uuid === uuid))
        setView({ ...DEFAULT_VIEW, sort: view.sort }, hash)
      else if (fromLink) window.history.pushState(window.history.state, '', hash)
      setRevealId(uuid)
    },
    [reportMatchIds, visible, setView, setExpanded, view.sort],
  )
  const revealFromLink = useCallback((uuid: string) => reveal(uuid, true), [reveal])

  // A shared link with `#match-<uuid>`, and the back button between revealed cards. The listener
  // stays for the page's life and calls the latest reveal through a ref.
  const revealRef = useRef(reveal)
  useEffect(() => {
    revealRef.current = reveal
  }, [reveal])
  useEffect(() => {
    const onHash = () => {
      const id = HASH.exec(window.location.hash)?.[1]
      if (id) revealRef.current(decodeURIComponent(id))
    }
    onHash()
    window.addEventListener('hashchange', onHash)
    return () => window.removeEventListener('hashchange', onHash)
  }, [])

  const onRevealed = useCallback(() => setRevealId(null), [])
  const total = result.data.length
  const printed = visible.filter((match) => expanded.has(match.uuid))

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
            AML screening report
          </p>
          <h1 className="text-lg font-semibold">
            <IdentityValue value={result.requested_name} kind="name" />
          </h1>
        </div>
        <ReportActions result={result} onPrint={() => window.print()} />
      </div>
      <ReportSummary
        result={result}
        highest={highestRisk(result)}
        risks={counts.risk}
        types={counts.type}
      />
      {total === 0 ? (
        <EmptyState title="No matches">
          The screening found no sanctions, PEP, media or other records for this name.
        </EmptyState>
      ) : (
        <>
          <ReportToolbar
            view={view}
            onChange={setView}
            risks={counts.risk}
            types={counts.type}
            tags={counts.tag}
            shown={visible.length}
            total={total}
          />
          {visible.length === 0 ? (
            <EmptyState title="No match fits these filters" />
          ) : (
            <MatchList
              matches={visible}
              requestedName={result.requested_name}
              expanded={expanded}
              onToggle={toggle}
              reportMatchIds={reportMatchIds}
              onRevealMatch={revealFromLink}
              revealId={revealId}
              onRevealed={onRevealed}
            />
          )}
          <PrintMatches
            matches={printed}
            requestedName={result.requested_name}
            reportMatchIds={reportMatchIds}
          />
        </>
      )}
    </div>
  )
}
