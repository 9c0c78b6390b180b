import 'server-only'

import { CHART_TITLES, type ChartTable } from '@/lib/analytics/tables'

import { NumbersTable } from '../chart-card'

export function ErrorCodesCard({ table }: { table: ChartTable }) {
  return (
    <section
      aria-labelledby="chart-error-codes-title"
      data-chart="error-codes"
      className="rounded-md border border-line bg-surface"
    >
      <div className="border-b border-line px-4 py-2">
        <h2 id="chart-error-codes-title" className="text-sm font-semibold">
          {CHART_TITLES['error-codes']}
        </h2>
      </div>
      <div className="px-4 py-2 text-xs text-muted">
        {table.rows.length === 0 ? (
          <p>No failed verification in the period carried an error code.</p>
        ) : (
          <NumbersTable table={table} caption={CHART_TITLES['error-codes']} />
        )}
      </div>
    </section>
  )
}
