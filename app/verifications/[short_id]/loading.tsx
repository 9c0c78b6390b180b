import { VerificationSkeleton } from '@/components/verification/verification-skeleton'

export default function VerificationLoading() {
  return <VerificationSkeleton />
}
