import 'server-only'

import { CHART_TITLES } from '@/lib/analytics/tables'
import type { FailureReasons } from '@/lib/analytics/types'

import { num } from '../card-helpers'
import { ChartCard } from '../chart-card'
import type { CardProps } from './card-props'

export function FailureReasonsCard({
  table,
  params,
  failures,
}: Omit<CardProps, 'totals'> & { failures: FailureReasons }) {
  const rows = table.rows
    .map((row, index) => ({ row, link: table.links[index] ?? null }))
    .filter(({ row }) => (row[2] as number) > 0)
  return (
    <ChartCard
      table={table}
      title={CHART_TITLES['failure-reasons']}
      summary={`${num(failures.failed)} failed verifications by the documented range of their check error codes; one with codes in two ranges counts in both${failures.withoutCode ? `, ${num(failures.withoutCode)} had no code` : ''}.`}
      spec={
        rows.length > 0
          ? {
              kind: 'bar',
              horizontal: true,
              categories: rows.map(({ row }) => String(row[0])),
              xName: 'Failed verifications',
              yName: 'Error category',
              series: [
                {
                  name: 'Failed verifications',
                  color: 'var(--chart-bad)',
                  data: rows.map(({ row }) => row[2] as number),
                  links: rows.map(({ link }) => link),
                },
              ],
            }
          : null
      }
      params={params}
      tableOpen={rows.length === 0}
      note={
        rows.length === 0 ? (
          <p className="text-xs text-muted">No verification failed in this period.</p>
        ) : undefined
      }
    />
  )
}
