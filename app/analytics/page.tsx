import type { Metadata } from 'next'

import { AnalyticsPage, AnalyticsProblem } from '@/components/analytics/analytics-page'
import { loadAnalyticsPage } from '@/lib/analytics/load'

export const metadata: Metadata = { title: 'Analytics' }

/* `/analytics`: the team's verifications, screenings, decisions and cases over a period, as charts. */
export default async function AnalyticsRoute({ searchParams }: PageProps<'/analytics'>) {
  const load = await loadAnalyticsPage(await searchParams)
  return load.ok ? <AnalyticsPage {...load} /> : <AnalyticsProblem problems={load.problems} />
}
