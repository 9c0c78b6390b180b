import type { Metadata } from 'next'

import { AnalyticsPage, AnalyticsProblem } from '@/components/analytics/analytics-page'
import { ReportsAnalyticsCard } from '@/components/fiu-reports/reports-analytics-card'
import { loadAnalyticsPage } from '@/lib/analytics/load'
import { parseAnalyticsParams } from '@/lib/analytics/params'
import { loadReportFigures } from '@/lib/fiu-reports/service'

export const metadata: Metadata = { title: 'Analytics' }

/* `/analytics`: the team's verifications, screenings, decisions and cases over a period, as charts. */
export default async function AnalyticsRoute({ searchParams }: PageProps<'/analytics'>) {
  const search = await searchParams
  const load = await loadAnalyticsPage(search)
  if (!load.ok) return <AnalyticsProblem problems={load.problems} />
  const parsed = parseAnalyticsParams(search)
  const reports = parsed.ok ? await loadReportFigures(parsed.range.start, parsed.range.end) : null
  return (
    <div className="space-y-4">
      <AnalyticsPage {...load} />
      {reports && <ReportsAnalyticsCard figures={reports} />}
    </div>
  )
}
