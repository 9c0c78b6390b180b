import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/* Printing the tables and writing the JSON of one run. */

export type Budget = {
  name: string
  limit: string
  actual: string
  /** null: not measured (the section failed or was skipped). */
  pass: boolean | null
}

export type Table = { title: string; head: string[]; rows: (string | number)[][]; notes?: string[] }

export type SectionResult = { key: string; tables: Table[]; budgets: Budget[]; data: unknown }

export function printTable(table: Table): void {
  const cells = [table.head, ...table.rows.map((row) => row.map(String))]
  const widths = table.head.map((_, column) =>
    Math.max(...cells.map((row) => (row[column] ?? '').length)),
  )
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ')
  console.log(`\n${table.title}`)
  console.log(line(table.head))
  console.log(widths.map((width) => '-'.repeat(width)).join('  '))
  for (const row of cells.slice(1)) console.log(line(row))
  for (const note of table.notes ?? []) console.log(`  ${note}`)
}

export function verdict(pass: boolean | null): string {
  return pass === null ? 'n/a' : pass ? 'PASS' : 'FAIL'
}

export function budgetTable(budgets: readonly Budget[]): Table {
  return {
    title: 'Budgets',
    head: ['budget', 'limit', 'measured', 'verdict'],
    rows: budgets.map((budget) => [budget.name, budget.limit, budget.actual, verdict(budget.pass)]),
  }
}

/** Writes bench-<timestamp>.json and latest.json; returns the first path. */
export function writeResults(directory: string, report: object): string {
  mkdirSync(directory, { recursive: true })
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const path = join(directory, `bench-${stamp}.json`)
  const text = `${JSON.stringify(report, null, 2)}\n`
  writeFileSync(path, text)
  writeFileSync(join(directory, 'latest.json'), text)
  return path
}

export const ms = (value: number) =>
  Number.isFinite(value) ? `${value.toFixed(value < 10 ? 2 : 0)} ms` : 'n/a'
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`
