'use client'

import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react'

import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { IntentLink } from '@/components/ui/intent-link'
import { useTimeZoneChoice } from '@/components/ui/timestamp'
import { HistoryFooter } from '@/components/webhooks/history-footer'
import { HistoryToolbar } from '@/components/webhooks/history-toolbar'
import { NewerRecords } from '@/components/webhooks/newer-records'
import { useKnownWebhookIds } from '@/components/webhooks/use-known-webhook-ids'
import { useTimeZone } from '@/components/webhooks/use-time-zone'
import { WebhookHistoryHeader } from '@/components/webhooks/webhook-history-header'
import { WebhookHistorySkeleton } from '@/components/webhooks/webhook-history-skeleton'
import { WebhookTimeline } from '@/components/webhooks/webhook-timeline'
import { useWebhookHistory } from '@/lib/queries/webhooks'
import { webhooksPath } from '@/lib/routes'
import { timelineRows } from '@/lib/webhooks/days'
import { flattenPages } from '@/lib/webhooks/pages'
import { zoneCookie } from '@/lib/webhooks/zone-cookie'

export function WebhookHistory({
  webhookId,
  serverTimeZone,
}: {
  webhookId: string | undefined
  /** The zone the server grouped the first page in; hydration renders the same. */
  serverTimeZone: string
}) {
  const query = useWebhookHistory(webhookId)
  const localZone = useTimeZone()
  // The shell's Local/UTC switch applies here too; null until hydrated.
  const zoneChoice = useTimeZoneChoice()
  const [eventType, setEventType] = useState('')
  const shownType = useDeferredValue(eventType)

  const { records, lastPageAdded } = useMemo(
    () => flattenPages(query.data?.pages ?? []),
    [query.data],
  )
  const knownWebhookIds = useKnownWebhookIds(records, webhookId)
  const typeCounts = useMemo(() => countTypes(records), [records])
  const hydrated = zoneChoice !== null && localZone !== null
  const timeZone = !hydrated ? serverTimeZone : zoneChoice === 'utc' ? 'UTC' : localZone
  // Remembered for the server's next render of this page, so that it groups as this browser does.
  useEffect(() => {
    if (hydrated) document.cookie = zoneCookie(timeZone, window.location.protocol === 'https:')
  }, [hydrated, timeZone])
  const rows = useMemo(() => {
    const shown = shownType ? records.filter((record) => typeKey(record) === shownType) : records
    return timelineRows(shown, timeZone)
  }, [records, shownType, timeZone])
  // Stable, so the footer's load-while-in-view effect runs when its conditions change, not on
  // every render.
  const { fetchNextPage, fetchPreviousPage } = query
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage])
  const loadNewer = useCallback(() => void fetchPreviousPage(), [fetchPreviousPage])

  const header = (
    <WebhookHistoryHeader>
      <p className="text-xs text-faint">Days and times in {timeZone}; exact UTC on hover</p>
    </WebhookHistoryHeader>
  )

  if (query.isPending) return <WebhookHistorySkeleton />

  if (query.data === undefined) {
    return (
      <div className="space-y-4">
        {header}
        <ErrorState
          error={query.error}
          what="the webhook history"
          onRetry={() => void query.refetch()}
        />
      </div>
    )
  }

  const stalled = query.data.pages.length > 1 && lastPageAdded === 0
  return (
    <div className="space-y-4">
      {header}
      <HistoryToolbar
        webhookId={webhookId}
        knownWebhookIds={knownWebhookIds}
        eventType={eventType}
        onEventTypeChange={setEventType}
        typeCounts={typeCounts}
      />
      {records.length === 0 ? (
        <EmptyState
          title={
            webhookId ? 'No notifications for this webhook configuration' : 'No notifications yet'
          }
        >
          {webhookId ? (
            <>
              The service has recorded nothing for this id.{' '}
              <IntentLink href={webhooksPath()} className="text-link hover:underline">
                Show the whole history
              </IntentLink>
            </>
          ) : (
            'The service has not sent any webhook notification.'
          )}
        </EmptyState>
      ) : (
        <>
          {query.hasPreviousPage && (
            <NewerRecords
              isFetching={query.isFetchingPreviousPage}
              error={query.isFetchPreviousPageError ? query.error : null}
              onLoad={loadNewer}
            />
          )}
          {rows.length === 0 ? (
            <EmptyState title={`No ${shownType} records among the ${records.length} loaded`}>
              {query.hasNextPage
                ? 'Load more to look further back.'
                : 'The whole history is loaded.'}
            </EmptyState>
          ) : (
            <WebhookTimeline rows={rows} timeZone={timeZone} />
          )}
          <HistoryFooter
            loaded={records.length}
            hasNextPage={query.hasNextPage && !stalled}
            stalled={stalled}
            isFetchingNextPage={query.isFetchingNextPage}
            nextPageError={query.isFetchNextPageError ? query.error : null}
            onLoadMore={loadMore}
          />
        </>
      )}
    </div>
  )
}

/** The filter's value for a record; a record without a type can still be picked out. */
function typeKey(record: { event_type?: string | null }): string {
  return record.event_type || '(no type)'
}

function countTypes(records: readonly { event_type?: string | null }[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const record of records) counts.set(typeKey(record), (counts.get(typeKey(record)) ?? 0) + 1)
  return counts
}
