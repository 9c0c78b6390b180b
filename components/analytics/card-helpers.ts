import { percent, type ChartTable } from '@/lib/analytics/tables'

/* What the chart cards share: how days, numbers and rates read, and a table's column. */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** 2026-11-03 → "3 Nov". */
export const shortDay = (day: string) =>
  `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1]}`

export const shortWeek = (week: string) => `wk ${shortDay(week)}`

export const num = (value: number) => value.toLocaleString('en')

export function rate(part: number, whole: number) {
  const value = percent(part, whole)
  return value === null ? '–' : `${value}%`
}

/** A table's column, by its index, as numbers (the first column is the category). */
export function column(table: ChartTable, index: number): (number | null)[] {
  return table.rows.map((row) => {
    const cell = row[index]
    return typeof cell === 'number' ? cell : null
  })
}

/** The category column (the first) as text. */
export const categories = (table: ChartTable) => table.rows.map((row) => String(row[0]))
