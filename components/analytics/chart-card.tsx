import 'server-only'

import type { ReactNode } from 'react'

import { renderChart, type ChartSpec } from '@/lib/analytics/charts'
import { analyticsCsvPath, type AnalyticsParams } from '@/lib/analytics/params'
import type { Cell, ChartTable } from '@/lib/analytics/tables'

const link = 'text-link hover:underline'

/** A horizontal bar chart grows with its rows, so that every row keeps its label. */
function heightFor(spec: ChartSpec, height: number) {
  return spec.horizontal ? Math.max(height, spec.categories.length * 24 + 70) : height
}

/**
 * One chart: its title, the SVG (drawn twice, wide and narrow, so its text stays legible on a
 * phone), a line saying where its list is, and its numbers as a table, which is what screen
 * readers read (the drawing is hidden from them) and what its CSV holds.
 */
export function ChartCard({
  table,
  title,
  summary,
  spec,
  params,
  list,
  tableOpen = false,
  note,
}: {
  table: ChartTable
  title: string
  /** One sentence of what the chart shows, which names the figures that matter. */
  summary: string
  spec: ChartSpec | null
  params: AnalyticsParams
  list?: { href: string; label: string } | null
  tableOpen?: boolean
  note?: ReactNode
}) {
  const id = `chart-${table.key}`
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-chart={table.key}
      className="flex min-w-0 flex-col rounded-md border border-line bg-surface"
    >
      <div className="flex items-baseline justify-between gap-3 border-b border-line px-4 py-2">
        <h2 id={`${id}-title`} className="text-sm font-semibold">
          {title}
        </h2>
        <a
          href={analyticsCsvPath(params, table.key)}
          className={`shrink-0 text-xs ${link}`}
          download
          aria-label={`Download CSV: ${title}`}
        >
          CSV
        </a>
      </div>
      <div className="flex flex-1 flex-col gap-2 px-4 py-3 text-sm">
        <p className="text-xs text-muted">{summary}</p>
        {spec && (
          <div aria-hidden="true" className="text-zinc-700 dark:text-zinc-300">
            <div
              className="hidden sm:block [&_svg]:h-auto [&_svg]:w-full"
              dangerouslySetInnerHTML={{
                __html: renderChart(spec, { width: 600, height: heightFor(spec, 250) }),
              }}
            />
            <div
              className="sm:hidden [&_svg]:h-auto [&_svg]:w-full"
              dangerouslySetInnerHTML={{
                __html: renderChart(spec, { width: 340, height: heightFor(spec, 230) }),
              }}
            />
          </div>
        )}
        {note}
        <div className="mt-auto flex flex-wrap items-baseline gap-x-4 gap-y-1 text-xs">
          {list && (
            <a href={list.href} className={link}>
              {list.label}
            </a>
          )}
        </div>
        <details open={tableOpen} className="group text-xs">
          <summary className="cursor-pointer text-muted select-none">The numbers</summary>
          <NumbersTable table={table} caption={title} />
        </details>
      </div>
    </section>
  )
}

export function NumbersTable({ table, caption }: { table: ChartTable; caption: string }) {
  return (
    // Only a long table (a day per row) scrolls in its own box; a short one shows every row.
    <div className={`mt-2 overflow-auto ${table.rows.length > 12 ? 'max-h-80' : ''}`}>
      <table className="w-full border-collapse text-xs tabular-nums" data-numbers={table.key}>
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-surface">
          <tr className="border-b border-line">
            {table.columns.map((column, index) => (
              <th
                key={column}
                scope="col"
                className={`px-2 py-1 font-medium text-muted ${index === 0 ? 'text-left' : 'text-right'}`}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, rowIndex) => (
            <tr
              key={String(row[0]) + rowIndex}
              className="border-b border-zinc-100 last:border-0 dark:border-zinc-800/60"
            >
              {row.map((cell, index) =>
                index === 0 ? (
                  // A long name (an analyst's email) wraps, so a phone shows every column.
                  <th
                    key={index}
                    scope="row"
                    className="px-2 py-1 text-left font-normal [overflow-wrap:anywhere]"
                  >
                    {table.links[rowIndex] ? (
                      <a href={table.links[rowIndex]} className={link}>
                        {show(cell)}
                      </a>
                    ) : (
                      show(cell)
                    )}
                  </th>
                ) : (
                  <td key={index} className="px-2 py-1 text-right">
                    {show(cell)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** A cell as the page shows it; the CSV writes the same value, without the thousands separator. */
function show(cell: Cell) {
  if (cell === null) return '–'
  return typeof cell === 'number' ? cell.toLocaleString('en') : cell
}
