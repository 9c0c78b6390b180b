import type { Metadata } from 'next'
import { notFound } from 'next/navigation'

import { ReportPage } from '@/components/fiu-reports/report-page'
import { Breadcrumbs } from '@/components/ui/breadcrumbs'
import { reportIdParam } from '@/lib/fiu-reports/contract'
import { loadReport } from '@/lib/fiu-reports/service'
import { homePath, reportsPath } from '@/lib/routes'

export async function generateMetadata({ params }: PageProps<'/reports/[id]'>): Promise<Metadata> {
  const { id } = await params
  return { title: `Report ${id.slice(0, 12)}` }
}

// A report the viewer may not know of answers 404 like one that does not exist (tipping-off rules).
export default async function ReportRoute({ params }: PageProps<'/reports/[id]'>) {
  const parsed = reportIdParam.safeParse((await params).id)
  if (!parsed.success) notFound()
  const report = await loadReport(parsed.data)
  if (!report) notFound()
  return (
    <>
      <Breadcrumbs
        items={[
          { label: 'Home', href: homePath },
          { label: 'Reports', href: reportsPath() },
          { label: `${report.code} ${report.id}` },
        ]}
      />
      <ReportPage report={report} now={new Date()} />
    </>
  )
}
