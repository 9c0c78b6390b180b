import { ProfileTableSkeleton } from '@/components/profiles/profile-table-skeleton'
import { Skeleton } from '@/components/ui/skeleton'

export default function ProfilesLoading() {
  return (
    <div className="space-y-3">
      <Skeleton className="h-6 w-56" />
      <Skeleton className="h-4 w-80" />
      <ProfileTableSkeleton />
    </div>
  )
}
