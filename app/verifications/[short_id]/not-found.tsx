import { VerificationNotFound } from '@/components/verifications/verification-not-found'

export default function NotFound() {
  return <VerificationNotFound />
}
