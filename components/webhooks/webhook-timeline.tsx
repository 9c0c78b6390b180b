'use client'

import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { useCallback, useRef } from 'react'

import { useDocumentTop } from '@/components/ui/use-document-top'
import { useToggleSet } from '@/components/ui/use-toggle-set'
import { DayHeading } from '@/components/webhooks/day-heading'
import { WebhookRecordRow } from '@/components/webhooks/webhook-record-row'
import type { WebhookRecord } from '@/lib/upstream/schemas'
import type { TimelineRow } from '@/lib/webhooks/days'

/**
 * The day-grouped records, virtualized against the window: only the rows near the viewport are in
 * the DOM, so thousands of loaded records scroll as smoothly as fifty. Rows are measured after
 * rendering because an expanded record (or a JSON branch opened inside it) changes its height.
 */
export function WebhookTimeline({
  rows,
  timeZone,
}: {
  rows: readonly TimelineRow<WebhookRecord>[]
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
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize,
    overscan: 3,
    scrollMargin,
    getItemKey,
    // Rows render in their own task after a scroll rather than inside the browser's frame, so a
    // fast fling is two shorter tasks (React, then style, layout and paint) instead of one long one.
    useFlushSync: false,
  })

  return (
    <div
      ref={listRef}
      role="list"
      aria-label="Webhook notifications"
      className="relative"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index]
        if (!row) return null
        return (
          <div
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            role="listitem"
            className="absolute inset-x-0 top-0"
            style={{ transform: `translateY(${item.start - scrollMargin}px)` }}
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
  )
}

function rowKey(rows: readonly TimelineRow<WebhookRecord>[], index: number): string {
  const row = rows[index]
  if (!row) return String(index)
  if (row.kind === 'record') return row.record.id
  // A day can head more than one run of records; the record below it tells the runs apart.
  const next = rows[index + 1]
  return `day:${row.key}:${next?.kind === 'record' ? next.record.id : index}`
}
