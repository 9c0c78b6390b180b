import type { ReactNode } from 'react'

export const compactCell = 'px-2 py-1 align-top'
const head = 'px-2 py-1 text-left text-xs font-medium text-faint'

/**
 * A dense table of settings: small column headings, thin dividers, sideways scrolling on narrow
 * screens. The first column is narrow, for an order number.
 */
export function CompactTable({
  caption,
  columns,
  children,
}: {
  caption?: string
  columns: readonly string[]
  children: ReactNode
}) {
  return (
    // Focusable, so keyboard users can scroll it sideways on a narrow screen.
    <div tabIndex={0} className="overflow-x-auto">
      {/* Narrow screens scroll it sideways rather than breaking ids a letter per line. */}
      <table className="w-full min-w-[32rem] text-sm">
        {caption && (
          <caption className="pb-1 text-left text-xs font-semibold text-zinc-700 dark:text-zinc-300">
            {caption}
          </caption>
        )}
        <thead className="border-b border-line">
          <tr>
            {columns.map((label, index) => (
              <th key={label} scope="col" className={index === 0 ? `${head} w-12` : head}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-hairline">{children}</tbody>
      </table>
    </div>
  )
}
