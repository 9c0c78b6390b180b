import { VerificationSkeleton } from '@/components/verifications/verification-skeleton'

export default function VerificationLoading() {
  return <VerificationSkeleton />
}
