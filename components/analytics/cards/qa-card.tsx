import 'server-only'

import { CHART_TITLES, type ChartTable } from '@/lib/analytics/tables'

import { NumbersTable } from '../chart-card'

/** QA pass rates per analyst and for the team (lib/qa/), for leads and auditors. */
export function QaCard({ table, empty }: { table: ChartTable; empty: boolean }) {
  return (
    <section
      aria-labelledby="chart-qa-title"
      data-chart="qa"
      className="rounded-md border border-line bg-surface"
    >
      <div className="flex items-baseline justify-between gap-3 border-b border-line px-4 py-2">
        <h2 id="chart-qa-title" className="text-sm font-semibold">
          {CHART_TITLES.qa} <span className="font-normal text-muted">(leads and auditors)</span>
        </h2>
      </div>
      <div className="px-4 py-2">
        {empty ? (
          <p className="text-sm text-muted">No QA result was recorded in this period.</p>
        ) : (
          <NumbersTable table={table} caption={CHART_TITLES.qa} />
        )}
      </div>
    </section>
  )
}
