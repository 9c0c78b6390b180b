import { Skeleton } from '@/components/ui/skeleton'
import { WebhookHistoryHeader } from '@/components/webhooks/webhook-history-header'

/** The page while its first page loads, shaped like the toolbar and the first rows. */
export function WebhookHistorySkeleton() {
  return (
    <div className="space-y-4" aria-busy="true" aria-label="Loading webhook history">
      <WebhookHistoryHeader />
      <Skeleton className="h-[74px] w-full" />
      <div className="space-y-2 pl-6">
        <Skeleton className="h-5 w-40" />
        {Array.from({ length: 8 }, (_, index) => (
          <div key={index} className="space-y-1.5 py-1.5">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-72" />
          </div>
        ))}
      </div>
    </div>
  )
}
