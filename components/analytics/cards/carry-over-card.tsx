import 'server-only'

import { CHART_TITLES } from '@/lib/analytics/tables'

import { categories, column, num, shortWeek } from '../card-helpers'
import { ChartCard } from '../chart-card'
import type { CardProps } from './card-props'

/** The work standing decisions saved: false positives carried over, and matches a change reopened. */
export function CarryOverCard({ table, params, totals }: CardProps) {
  return (
    <ChartCard
      table={table}
      title={CHART_TITLES['carry-over']}
      summary={`${num(totals.carriedOver)} matches of re-screenings were carried over as false positives because their records were unchanged, and ${num(totals.reopened)} came back changed and were reopened for review.`}
      spec={{
        kind: 'bar',
        categories: categories(table),
        formatCategory: shortWeek,
        xName: 'Week from (UTC)',
        yName: 'Matches',
        series: [
          { name: 'Carried over', color: 'var(--chart-ok)', data: column(table, 1) },
          { name: 'Reopened by a change', color: 'var(--chart-medium)', data: column(table, 2) },
        ],
      }}
      params={params}
    />
  )
}
