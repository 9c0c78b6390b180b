'use client'

import { VerificationSkeleton } from '@/components/verifications/verification-skeleton'
import { VerificationView } from '@/components/verifications/verification-view'
import { ErrorState } from '@/components/ui/error-state'
import { useVerification } from '@/lib/queries/verifications'

/** The verification page body: the data the server prefetched, or a retry when that failed. */
export function VerificationDetail({ shortId }: { shortId: string }) {
  const { data, isPending, isError, error, refetch } = useVerification(shortId)
  if (isPending) return <VerificationSkeleton />
  if (isError) {
    return (
      <div className="space-y-3">
        <h1 className="font-mono text-lg font-semibold">{shortId}</h1>
        <ErrorState error={error} what="this verification" onRetry={() => void refetch()} />
      </div>
    )
  }
  return <VerificationView verification={data} />
}
