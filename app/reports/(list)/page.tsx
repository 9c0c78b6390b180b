import type { Metadata } from 'next'

import { ReportList } from '@/components/fiu-reports/report-list'
import { Breadcrumbs } from '@/components/ui/breadcrumbs'
import { reportListParams } from '@/lib/fiu-reports/contract'
import { listReports } from '@/lib/fiu-reports/service'
import { homePath } from '@/lib/routes'

export const metadata: Metadata = { title: 'Reports to the FIU' }

export default async function ReportsRoute({ searchParams }: PageProps<'/reports'>) {
  const { state } = await searchParams
  // An unknown state lists them all rather than failing the page.
  const parsed = reportListParams.safeParse({ state })
  const chosen = parsed.success ? parsed.data.state : undefined
  const reports = await listReports(chosen)
  return (
    <>
      <Breadcrumbs items={[{ label: 'Home', href: homePath }, { label: 'Reports to the FIU' }]} />
      <h1 className="mb-3 text-lg font-semibold">Reports to the FIU</h1>
      <ReportList reports={reports} state={chosen} now={new Date()} />
    </>
  )
}
