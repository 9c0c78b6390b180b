import 'server-only'

import { CHART_TITLES, queueLink } from '@/lib/analytics/tables'

import { categories, column, num, rate, shortDay } from '../card-helpers'
import { ChartCard } from '../chart-card'
import type { CardProps } from './card-props'

export function ScreeningsCard({ table, params, totals }: CardProps) {
  return (
    <ChartCard
      table={table}
      title={CHART_TITLES.screenings}
      summary={`${num(totals.screened)} screenings, ${rate(totals.hits, totals.screened)} with at least one match. High and Medium bars open the screenings of that day still to review.`}
      spec={{
        kind: 'bar',
        stacked: true,
        categories: categories(table),
        formatCategory: shortDay,
        xName: 'Day (UTC)',
        yName: 'Screenings',
        series: [
          { name: 'High', color: 'var(--chart-high)', data: column(table, 1), links: table.links },
          {
            name: 'Medium',
            color: 'var(--chart-medium)',
            data: column(table, 2),
            links: table.links,
          },
          { name: 'Low', color: 'var(--chart-low)', data: column(table, 3) },
          { name: 'No risk given', color: 'var(--chart-none)', data: column(table, 4) },
        ],
      }}
      params={params}
      list={{
        href: queueLink(params, { kind: 'screening' }),
        label: 'Screening cases in the queue',
      }}
    />
  )
}
