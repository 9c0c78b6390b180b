import { Skeleton } from '@/components/ui/skeleton'

/** The page's shape while the verification loads, so nothing jumps when it arrives. */
export function VerificationSkeleton() {
  return (
    <div className="space-y-5" aria-busy="true" aria-label="Loading verification">
      <div className="space-y-3">
        <Skeleton className="h-6 w-72" />
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-9" />
          ))}
        </div>
      </div>
      <div className="grid gap-5 lg:grid-cols-3">
        <div className="space-y-5 lg:col-span-2">
          <Skeleton className="h-64" />
          <Skeleton className="h-48" />
        </div>
        <div className="space-y-5">
          <Skeleton className="h-56" />
          <Skeleton className="h-24" />
        </div>
      </div>
    </div>
  )
}
