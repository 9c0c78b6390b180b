'use client'

import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react'

import { useDocumentTop } from '@/components/ui/use-document-top'
import { useToggleSet } from '@/components/ui/use-toggle-set'
import { DayHeading } from '@/components/webhooks/day-heading'
import { WebhookRecordRow } from '@/components/webhooks/webhook-record-row'
import type { Projected } from '@/lib/projection/projected'
import type { TimelineRow } from '@/lib/webhooks/days'
import type { TimelineRecord } from '@/lib/webhooks/timeline'

/**
 * The day-grouped records, virtualized against the window: only the rows near the viewport are in
 * the DOM, so thousands of loaded records scroll as smoothly as fifty. Rows are measured after
 * rendering because an expanded record (or a JSON branch opened inside it) changes its height.
 */
export function WebhookTimeline({
  rows,
  timeZone,
}: {
  rows: readonly TimelineRow<Projected<TimelineRecord>>[]
  timeZone: string
}) {
  const listRef = useRef<HTMLDivElement>(null)
  const scrollMargin = useDocumentTop(listRef)
  const [expanded, toggle] = useToggleSet()

  // Stable per list: the virtualizer recomputes every row's position when these change, which on
  // every scroll frame of thousands of rows was the longest task of the page. The estimates are
  // the collapsed heights at desktop width, so most rows measure as estimated and move nothing.
  const estimateSize = useCallback(
    (index: number) => (rows[index]?.kind === 'day' ? (index === 0 ? 30 : 46) : 56),
    [rows],
  )
  const getItemKey = useCallback((index: number) => rowKey(rows, index), [rows])
  // oxlint-disable-next-line react/incompatible-library -- React Compiler is not used, nothing memoizes it
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize,
    overscan: 3,
    scrollMargin,
    getItemKey,
    // Rows render in their own task after a scroll rather than inside the browser's frame, so a
    // fast fling is two shorter tasks (React, then style, layout and paint) instead of one long one.
    useFlushSync: false,
    // The server renders the first screen of rows too, so they show before hydration.
    initialRect: { width: 1024, height: 1000 },
  })

  // The history holds a bounded number of pages: scrolling on drops the newest ones above the
  // viewport, scrolling back fetches them again there. Either moves every row below; the record at
  // the top of the viewport is kept where the analyst sees it. Only once the list's top has been
  // scrolled past: while it is in view nothing above the viewport can move, and a change of rows
  // then (the days regrouped in the browser's time zone once hydrated, newer records loaded above)
  // is no reason to scroll. An anchor taken at mount, before the list's own top was measured, once
  // opened the page 256 px down, past its heading and filters (tests/e2e/webhooks.spec.ts).
  const anchor = useRef<{ id: string; start: number; top: number } | null>(null)
  useEffect(() => {
    const remember = () => {
      const top = window.scrollY
      if (top <= virtualizer.options.scrollMargin) {
        anchor.current = null
        return
      }
      const item = virtualizer
        .getVirtualItems()
        .find((candidate) => candidate.end > top && rows[candidate.index]?.kind === 'record')
      const row = item && rows[item.index]
      // Its place within the list, not in the document: the list's own top (scrollMargin) is
      // measured after the first render, and that move is no reason to scroll the window.
      anchor.current =
        item && row?.kind === 'record'
          ? {
              id: row.record.id,
              start: item.start - virtualizer.options.scrollMargin,
              top: item.start - top,
            }
          : null
    }
    remember()
    window.addEventListener('scroll', remember, { passive: true })
    return () => window.removeEventListener('scroll', remember)
  }, [rows, virtualizer])
  useLayoutEffect(() => {
    const held = anchor.current
    if (!held) return
    const index = rows.findIndex((row) => row.kind === 'record' && row.record.id === held.id)
    const start = virtualizer.measurementsCache[index]?.start
    // Compared with where the record was, not with window.scrollY: reading the scroll position
    // here lays out the rows just committed, which made a page added below the viewport the
    // longest task of a scroll through the history.
    if (
      start !== undefined &&
      Math.abs(start - virtualizer.options.scrollMargin - held.start) >= 1
    ) {
      window.scrollTo({ top: start - held.top })
    }
  }, [rows, virtualizer])

  // The rows sit in the flow of one block placed at the first row's offset: a row whose height
  // differs from its estimate (a narrow screen wraps them) pushes only the rows after it, as a
  // static list would, and nothing moves when the server's rows are measured after hydration.
  const items = virtualizer.getVirtualItems()
  return (
    <div ref={listRef} className="relative" style={{ height: virtualizer.getTotalSize() }}>
      <div
        role="list"
        aria-label="Webhook notifications"
        className="absolute inset-x-0 top-0"
        style={{ transform: `translateY(${(items[0]?.start ?? scrollMargin) - scrollMargin}px)` }}
      >
        {items.map((item) => {
          const row = rows[item.index]
          if (!row) return null
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              role="listitem"
            >
              {row.kind === 'day' ? (
                <DayHeading label={row.label} count={row.count} first={item.index === 0} />
              ) : (
                <WebhookRecordRow
                  record={row.record}
                  timeZone={timeZone}
                  expanded={expanded.has(row.record.id)}
                  onToggle={toggle}
                />
              )}
            </div>
          )
        })}
      </div>
    </div>
  )
}

function rowKey(rows: readonly TimelineRow<Projected<TimelineRecord>>[], index: number): string {
  const row = rows[index]
  if (!row) return String(index)
  if (row.kind === 'record') return row.record.id
  // A day can head more than one run of records; the record below it tells the runs apart.
  const next = rows[index + 1]
  return `day:${row.key}:${next?.kind === 'record' ? next.record.id : index}`
}
