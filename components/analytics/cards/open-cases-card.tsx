import 'server-only'

import { caseLink, CHART_TITLES } from '@/lib/analytics/tables'

import { categories, column, num } from '../card-helpers'
import { ChartCard } from '../chart-card'
import type { CardProps } from './card-props'

export function OpenCasesCard({ table, params, totals }: CardProps) {
  return (
    <ChartCard
      table={table}
      title={CHART_TITLES['open-cases']}
      summary={`${num(totals.open)} cases open now, by whole days since each one's record (not limited to the period).`}
      spec={{
        kind: 'bar',
        categories: categories(table),
        xName: 'Age (days since the record)',
        yName: 'Open cases',
        series: [
          {
            name: 'Open cases',
            color: 'var(--chart-3)',
            data: column(table, 1),
            links: table.links,
          },
        ],
      }}
      params={params}
      tableOpen
      list={{ href: caseLink(params, { sort: 'age' }), label: 'Open cases, oldest first' }}
    />
  )
}
