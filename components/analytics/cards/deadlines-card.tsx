import 'server-only'

import { caseLink, CHART_TITLES } from '@/lib/analytics/tables'

import { num } from '../card-helpers'
import { ChartCard } from '../chart-card'
import type { CardProps } from './card-props'

export function DeadlinesCard({ table, params, totals }: CardProps) {
  const { met, missed, openOverdue } = totals
  return (
    <ChartCard
      table={table}
      title={CHART_TITLES.deadlines}
      summary={`Of the cases closed in the period, ${num(met)} by their due date and ${num(missed)} after it; ${num(openOverdue)} open cases are past it now.`}
      spec={{
        kind: 'bar',
        horizontal: true,
        categories: ['Met', 'Missed', 'Open, overdue'],
        xName: 'Cases',
        yName: 'Deadline',
        series: [
          {
            name: 'Cases',
            color: 'var(--chart-3)',
            data: [met, missed, openOverdue],
            links: table.links,
          },
        ],
      }}
      params={params}
      tableOpen
      list={{ href: caseLink(params, { view: 'overdue' }), label: 'Overdue cases' }}
    />
  )
}
