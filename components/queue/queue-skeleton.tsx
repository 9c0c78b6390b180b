import { Skeleton } from '@/components/ui/skeleton'

/** The queue's shape while it is read: heading, reach, filters, rows. */
export function QueueSkeleton() {
  return (
    <div className="space-y-4" aria-busy="true" aria-label="Loading the work queue">
      <Skeleton className="h-6 w-40" />
      <Skeleton className="h-4 w-full max-w-xl" />
      <Skeleton className="h-3 w-80" />
      <Skeleton className="h-24 w-full" />
      <div className="space-y-2">
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} className="h-6 w-full" />
        ))}
      </div>
    </div>
  )
}
