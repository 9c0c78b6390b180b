import 'server-only'

import { caseLink, CHART_TITLES } from '@/lib/analytics/tables'

import { categories, column, shortWeek } from '../card-helpers'
import { ChartCard } from '../chart-card'
import type { CardProps } from './card-props'

export function ReviewTimesCard({ table, params }: Omit<CardProps, 'totals'>) {
  return (
    <ChartCard
      table={table}
      title={CHART_TITLES['review-times']}
      summary="Median (solid) and 90th percentile (dashed) hours from a screening with matches to the first decision on its report, and to the close of its case."
      spec={{
        kind: 'line',
        categories: categories(table),
        formatCategory: shortWeek,
        xName: 'Week of the screening (UTC)',
        yName: 'Hours',
        series: [
          { name: 'Decision, median', color: 'var(--chart-1)', data: column(table, 3) },
          { name: 'Decision, p90', color: 'var(--chart-1)', data: column(table, 4), dashed: true },
          { name: 'Close, median', color: 'var(--chart-4)', data: column(table, 6) },
          { name: 'Close, p90', color: 'var(--chart-4)', data: column(table, 7), dashed: true },
        ],
      }}
      params={params}
      list={{ href: caseLink(params, { view: 'closed' }), label: 'Closed cases' }}
    />
  )
}
