import { Skeleton } from '@/components/ui/skeleton'

export default function RetentionLoading() {
  return (
    <div aria-busy="true" aria-label="Loading retention" className="space-y-4">
      <Skeleton className="h-7 w-40" />
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  )
}
