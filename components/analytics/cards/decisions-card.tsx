import 'server-only'

import { CHART_TITLES } from '@/lib/analytics/tables'

import { categories, column, num, rate, shortWeek } from '../card-helpers'
import { ChartCard } from '../chart-card'
import type { CardProps } from './card-props'

export function DecisionsCard({ table, params, totals }: CardProps) {
  const { trueMatches: tm, falsePositives: fp } = totals
  return (
    <ChartCard
      table={table}
      title={CHART_TITLES.decisions}
      summary={
        tm + fp === 0
          ? 'No match was decided true or false positive in this period. Confirmations by a second analyst are in the table.'
          : `${num(tm)} true matches and ${num(fp)} false positives decided: a false-positive rate of ${rate(fp, tm + fp)}. Confirmations by a second analyst are in the table.`
      }
      spec={{
        kind: 'bar',
        stacked: true,
        categories: categories(table),
        formatCategory: shortWeek,
        xName: 'Week from (UTC)',
        yName: 'Decisions',
        series: [
          { name: 'True match', color: 'var(--chart-high)', data: column(table, 1) },
          { name: 'False positive', color: 'var(--chart-1)', data: column(table, 2) },
          { name: 'Second review', color: 'var(--chart-2)', data: column(table, 3) },
        ],
      }}
      params={params}
    />
  )
}
