import 'server-only'

import { CHART_TITLES, type ChartTable } from '@/lib/analytics/tables'

import { NumbersTable } from '../chart-card'

export function AnalystsCard({ table, empty }: { table: ChartTable; empty: boolean }) {
  return (
    <section
      aria-labelledby="chart-analysts-title"
      data-chart="analysts"
      className="rounded-md border border-line bg-surface"
    >
      <div className="flex items-baseline justify-between gap-3 border-b border-line px-4 py-2">
        <h2 id="chart-analysts-title" className="text-sm font-semibold">
          {CHART_TITLES.analysts} <span className="font-normal text-muted">(leads only)</span>
        </h2>
      </div>
      <div className="px-4 py-2">
        {empty ? (
          <p className="text-sm text-muted">
            Nobody closed a case or decided a match in this period.
          </p>
        ) : (
          <NumbersTable table={table} caption={CHART_TITLES.analysts} />
        )}
      </div>
    </section>
  )
}
