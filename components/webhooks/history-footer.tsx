'use client'

import { useEffect } from 'react'

import { Button } from '@/components/ui/button'
import { ErrorState } from '@/components/ui/error-state'
import { useInView } from '@/components/ui/use-in-view'

/**
 * Below the list: loads the next page when it scrolls into view (and on the button), says how much
 * is loaded, and says when the history ends. A failed page stops the automatic loading until the
 * analyst retries.
 */
export function HistoryFooter({
  loaded,
  hasNextPage,
  stalled,
  isFetchingNextPage,
  nextPageError,
  onLoadMore,
}: {
  loaded: number
  hasNextPage: boolean
  stalled: boolean
  isFetchingNextPage: boolean
  nextPageError: Error | null
  onLoadMore: () => void
}) {
  const [sentinel, inView] = useInView<HTMLDivElement>('0px 0px 600px 0px')

  // Re-checked after every page: while the end stays in view, the next page follows.
  useEffect(() => {
    if (inView && hasNextPage && !isFetchingNextPage && !nextPageError) onLoadMore()
  }, [inView, hasNextPage, isFetchingNextPage, nextPageError, onLoadMore])

  const count = `${loaded.toLocaleString('en')} ${loaded === 1 ? 'notification' : 'notifications'} loaded`
  return (
    <div ref={sentinel} className="space-y-2 pt-2 pl-6 text-sm">
      {nextPageError && (
        <ErrorState error={nextPageError} what="the next page" onRetry={onLoadMore} />
      )}
      {hasNextPage ? (
        <div className="flex items-center gap-3">
          <Button
            onClick={onLoadMore}
            disabled={isFetchingNextPage}
            variant="secondary"
            className="px-3 py-1"
          >
            {isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
          <span role="status" className="text-xs text-faint">
            {count}
          </span>
        </div>
      ) : (
        <p role="status" className="text-xs text-faint">
          {stalled
            ? `The service returned no new notifications after the last one; ${count}.`
            : `End of history · ${count}`}
        </p>
      )}
    </div>
  )
}
