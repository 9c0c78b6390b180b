'use client'

import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useRef } from 'react'

import { MatchCard } from '@/components/aml/match-card'
import { useDocumentTop } from '@/components/ui/use-document-top'
import { useListNavigation } from '@/lib/keyboard/use-list-navigation'
import type { Projected } from '@/lib/projection/projected'
import type { AmlMatch } from '@/lib/upstream/schemas'

/*
 * Only the cards near the viewport are in the DOM, so a report of 1,000 matches opens and scrolls
 * like one of ten. Rows measure themselves, so an expanded card pushes the rest down.
 */
export function MatchList({
  matches,
  requestedName,
  expanded,
  onToggle,
  reportMatchIds,
  onRevealMatch,
  revealId,
  onRevealed,
}: {
  matches: readonly Projected<AmlMatch>[]
  requestedName: string | null | undefined
  expanded: ReadonlySet<string>
  onToggle: (uuid: string) => void
  reportMatchIds: ReadonlySet<string>
  onRevealMatch: (uuid: string) => void
  /** A card to scroll to once it is in the list. */
  revealId: string | null
  onRevealed: () => void
}) {
  const listRef = useRef<HTMLDivElement>(null)
  const scrollMargin = useDocumentTop(listRef)
  // oxlint-disable-next-line react/incompatible-library -- React Compiler is not used, nothing memoizes it
  const virtualizer = useWindowVirtualizer({
    count: matches.length,
    estimateSize: () => 96,
    overscan: 6,
    gap: 8,
    scrollMargin,
    getItemKey: (index) => matches[index]?.uuid ?? index,
    // The server renders the first screen of cards too, so they show before hydration.
    initialRect: { width: 1024, height: 1000 },
    // Rows measure themselves during commit, where React 19 refuses a synchronous flush.
    useFlushSync: false,
  })

  // j/k move between cards, through the virtualizer for those not rendered; Enter expands.
  const navRef = useListNavigation<HTMLDivElement>({
    count: matches.length,
    scrollToIndex: (index) => virtualizer.scrollToIndex(index, { align: 'auto' }),
  })

  useEffect(() => {
    if (!revealId) return
    const index = matches.findIndex((match) => match.uuid === revealId)
    if (index < 0) return
    virtualizer.scrollToIndex(index, { align: 'start' })
    // Focus follows the jump, for keyboard and screen reader users; after the scroll settles.
    // The reveal is acknowledged only then: acknowledging ends this effect, and its timer with it.
    const timer = setTimeout(() => {
      document
        .getElementById(`match-${revealId}`)
        ?.querySelector('button')
        ?.focus({ preventScroll: true })
      onRevealed()
    }, 300)
    return () => clearTimeout(timer)
  }, [revealId, matches, virtualizer, onRevealed])

  return (
    <div ref={listRef} className="print:hidden">
      <div ref={navRef} style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const match = matches[item.index]
          if (!match) return null
          return (
            <div
              key={item.key}
              data-index={item.index}
              data-nav-item={item.index}
              ref={virtualizer.measureElement}
              className="absolute top-0 left-0 w-full rounded-md"
              style={{ transform: `translateY(${item.start - scrollMargin}px)` }}
            >
              <MatchCard
                match={match}
                requestedName={requestedName}
                expanded={expanded.has(match.uuid)}
                onToggle={() => onToggle(match.uuid)}
                reportMatchIds={reportMatchIds}
                onRevealMatch={onRevealMatch}
              />
            </div>
          )
        })}
      </div>
    </div>
  )
}
