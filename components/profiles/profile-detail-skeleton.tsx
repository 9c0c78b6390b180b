import { Skeleton } from '@/components/ui/skeleton'

function CardSkeleton({ lines }: { lines: number }) {
  return (
    <div className="space-y-2 rounded-md border border-zinc-200 p-4 dark:border-zinc-800">
      <Skeleton className="h-4 w-32" />
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton key={index} className={`h-3.5 ${index % 2 ? 'w-2/3' : 'w-5/6'}`} />
      ))}
    </div>
  )
}

export function ProfileDetailSkeleton() {
  return (
    <div role="status" aria-label="Loading profile" className="space-y-4">
      <div className="space-y-2">
        <Skeleton className="h-3 w-28" />
        <Skeleton className="h-6 w-72" />
        <Skeleton className="h-3.5 w-80" />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="space-y-4">
          <CardSkeleton lines={6} />
          <CardSkeleton lines={3} />
        </div>
        <div className="space-y-4">
          <CardSkeleton lines={6} />
          <CardSkeleton lines={4} />
        </div>
      </div>
      <CardSkeleton lines={5} />
    </div>
  )
}
