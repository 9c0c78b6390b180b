'use client'

import { useCallback, useEffect, useMemo, useRef, useState } from 'react'

import { useReportView } from '@/components/aml/use-report-view'
import { useToggleSet } from '@/components/ui/use-toggle-set'
import { countByRisk, countByTag, countByType } from '@/lib/aml/counts'
import { DEFAULT_VIEW, filterMatches, sortMatches, type MatchFacts } from '@/lib/aml/view'
import type { Projected } from '@/lib/projection/projected'
import type { AmlMatch } from '@/lib/upstream/schemas'

const HASH = /^#match-(.+)$/

/**
 * The state of a report's match list: the sort and filters (in the URL), the cards expanded, and
 * the jump to one match (from a link, an associate, or a shared `#match-<uuid>` address).
 */
export function useReportMatches(matches: readonly Projected<AmlMatch>[], facts: MatchFacts) {
  const counts = useMemo(
    () => ({ risk: countByRisk(matches), type: countByType(matches), tag: countByTag(matches) }),
    [matches],
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
    () => sortMatches(filterMatches(matches, view, facts), view.sort, facts),
    [matches, view, facts],
  )
  const reportMatchIds = useMemo(() => new Set(matches.map((match) => match.uuid)), [matches])
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
  return {
    counts,
    view,
    setView,
    visible,
    reportMatchIds,
    expanded,
    toggle,
    revealId,
    revealFromLink,
    onRevealed,
  }
}
