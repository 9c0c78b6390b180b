import 'server-only'

import { queueLink, CHART_TITLES } from '@/lib/analytics/tables'

import { categories, column, num, shortDay } from '../card-helpers'
import { ChartCard } from '../chart-card'
import type { CardProps } from './card-props'

export function VerificationsCard({ table, params, totals }: CardProps) {
  return (
    <ChartCard
      table={table}
      title={CHART_TITLES.verifications}
      summary={`${num(totals.verified)} verified and ${num(totals.failed)} failed; each verification counts once, on the day of its newest finished record. A failed bar opens those verifications in the queue.`}
      spec={{
        kind: 'bar',
        stacked: true,
        categories: categories(table),
        formatCategory: shortDay,
        xName: 'Day (UTC)',
        yName: 'Verifications',
        series: [
          { name: 'Verified', color: 'var(--chart-ok)', data: column(table, 1) },
          { name: 'Failed', color: 'var(--chart-bad)', data: column(table, 2), links: table.links },
        ],
      }}
      params={params}
      list={{
        href: queueLink(params, { kind: 'failed_verification' }),
        label: 'Failed verification cases in the queue',
      }}
    />
  )
}
