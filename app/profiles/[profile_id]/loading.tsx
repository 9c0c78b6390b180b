import { ProfileDetailSkeleton } from '@/components/profiles/profile-detail-skeleton'

export default function ProfileLoading() {
  return <ProfileDetailSkeleton />
}
