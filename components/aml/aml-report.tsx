'use client'

import { ReportBody } from '@/components/aml/report-body'
import { ReportSkeleton } from '@/components/aml/report-skeleton'
import { ErrorState } from '@/components/ui/error-state'
import { useAmlSearch } from '@/lib/queries/aml'

/** The AML report page's content, from the query the server page prefetched. */
export function AmlReport({ searchId }: { searchId: string }) {
  const { data, isPending, isError, error, refetch } = useAmlSearch(searchId)
  if (isPending) return <ReportSkeleton />
  if (isError)
    return <ErrorState error={error} what="this AML report" onRetry={() => void refetch()} />
  return <ReportBody result={data} />
}
