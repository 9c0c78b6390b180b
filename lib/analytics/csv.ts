import type { Cell, ChartTable } from './tables'

/*
 * CSV (RFC 4180) of the charts' tables. A text cell that a spreadsheet would run as a formula
 * (= + - @ at its start) is prefixed with an apostrophe: an analyst's label is typed by a person.
 */

function cell(value: Cell): string {
  if (value === null) return ''
  if (typeof value === 'number') return String(value)
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

const line = (cells: Cell[]) => cells.map(cell).join(',')

/** One chart: its header row, then its rows. */
export function tableCsv(table: ChartTable): string {
  return [line(table.columns), ...table.rows.map(line)].join('\r\n') + '\r\n'
}

/** The whole page: each table under a line naming it, a blank line between them. */
export function pageCsv(tables: ChartTable[], titles: Record<string, string>): string {
  return tables
    .map((table) => `${line([titles[table.key] ?? table.key])}\r\n${tableCsv(table)}`)
    .join('\r\n')
}
