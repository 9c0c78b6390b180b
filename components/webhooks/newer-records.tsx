'use client'

import { useEffect } from 'react'

import { Button } from '@/components/ui/button'
import { ErrorState } from '@/components/ui/error-state'
import { useInView } from '@/components/ui/use-in-view'

/**
 * Above the list once the newest pages were dropped from memory (the history holds a bounded
 * number of pages): fetches them back as the analyst scrolls up to it, and on the button.
 */
export function NewerRecords({
  isFetching,
  error,
  onLoad,
}: {
  isFetching: boolean
  error: Error | null
  onLoad: () => void
}) {
  const [sentinel, inView] = useInView<HTMLDivElement>('600px 0px 0px 0px')

  useEffect(() => {
    if (inView && !isFetching && !error) onLoad()
  }, [inView, isFetching, error, onLoad])

  return (
    <div ref={sentinel} className="pl-6 text-sm">
      {error ? (
        <ErrorState error={error} what="newer notifications" onRetry={onLoad} />
      ) : (
        <Button onClick={onLoad} disabled={isFetching} variant="secondary" className="px-3 py-1">
          {isFetching ? 'Loading…' : 'Load newer notifications'}
        </Button>
      )}
    </div>
  )
}
