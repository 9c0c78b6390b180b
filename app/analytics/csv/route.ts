import type { NextRequest } from 'next/server'

import { pageCsv, tableCsv } from '@/lib/analytics/csv'
import { loadAnalyticsCsv } from '@/lib/analytics/load'
import { csvFileName, CHART_KEYS } from '@/lib/analytics/params'
import { CHART_TITLES } from '@/lib/analytics/tables'
import { problem } from '@/lib/api/problem'
import { getViewer } from '@/lib/auth/session'
import { unauthenticatedProblem } from '@/lib/auth/unauthenticated'

// GET /analytics/csv?chart=…&period=… – one chart's numbers (or the whole page's) as CSV, audited first
export async function GET(request: NextRequest) {
  const viewer = await getViewer()
  if (!viewer) return unauthenticatedProblem()
  const search = Object.fromEntries(request.nextUrl.searchParams)
  const { chart: chartParam, ...rest } = search
  const chart = chartParam ? (CHART_KEYS.find((key) => key === chartParam) ?? null) : null
  if (chartParam && !chart) {
    return problem(
      400,
      'bad_chart',
      'No such chart',
      `chart must be one of ${CHART_KEYS.join(', ')}.`,
    )
  }
  const result = await loadAnalyticsCsv(viewer, rest, chart)
  if (!result.ok) {
    return problem(
      400,
      'bad_period',
      'This analytics link has a bad filter',
      result.problems.join('. ') + '.',
    )
  }
  if (chart && result.tables.length === 0) {
    return problem(
      403,
      'leads_only',
      'For leads only',
      'Only a lead or an auditor may download the per-analyst tables.',
    )
  }
  const body = chart ? tableCsv(result.tables[0]!) : pageCsv(result.tables, CHART_TITLES)
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${csvFileName(result.params, chart ?? undefined)}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
