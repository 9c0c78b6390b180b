import { ReportSkeleton } from '@/components/aml/report-skeleton'

export default function Loading() {
  return <ReportSkeleton />
}
