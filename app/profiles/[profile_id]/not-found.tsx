import { ProfileNotFound } from '@/components/profiles/profile-not-found'

export default function ProfileNotFoundPage() {
  return <ProfileNotFound />
}
