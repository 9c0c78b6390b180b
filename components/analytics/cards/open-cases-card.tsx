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
      summary={`${num(totals.open)} cases open now, by whole days since each was made (not limited to the period).`}
      spec={{
        kind: 'bar',
        categories: categories(table),
        xName: 'Age (days since the case was made)',
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
      list={{ href: caseLink({ view: 'all', sort: 'age' }), label: 'Cases, oldest first' }}
    />
  )
}
