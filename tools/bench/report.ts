import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

import { median } from '@/tools/bench/stats'

/* The budgets, printing the tables, combining runs, and writing the JSON of a run. */

type Unit = 'ratio' | 'ms' | 'count' | 'score' | 'MiB'
type Comparison = '≥' | '≤' | '<'

export type Budget = {
  name: string
  comparison: Comparison
  /** The limit of this run: most are the floor's figure of the same run plus or times a margin. */
  limit: number
  value: number
  unit: Unit
  /** What the figure is made of, e.g. `197 vs 450 req/s`. */
  detail?: string
  /** null: not measured (the section failed or was skipped). */
  pass: boolean | null
}

export function budget(
  name: string,
  value: number,
  comparison: Comparison,
  limit: number,
  unit: Unit,
  detail?: string,
): Budget {
  const measured = Number.isFinite(value) && Number.isFinite(limit)
  const pass = !measured
    ? null
    : comparison === '≥'
      ? value >= limit
      : comparison === '≤'
        ? value <= limit
        : value < limit
  return { name, comparison, limit, value, unit, pass, ...(detail ? { detail } : {}) }
}

function formatValue(value: number, unit: Unit): string {
  if (!Number.isFinite(value)) return 'n/a'
  switch (unit) {
    case 'ratio':
      return `${(value * 100).toFixed(0)}%`
    case 'ms':
      return ms(value)
    case 'score':
      return value.toFixed(2)
    case 'MiB':
      return `${value.toFixed(0)} MiB`
    case 'count':
      return Math.round(value).toLocaleString('en')
  }
}

type Table = { title: string; head: string[]; rows: (string | number)[][]; notes?: string[] }

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

type CombinedBudget = {
  name: string
  comparison: Comparison
  unit: Unit
  limits: number[]
  values: number[]
  /** Runs that met it, of the runs that measured it. */
  met: number
  measured: number
  runs: number
  /** Met in every run (the issue's "three runs out of three"); null when no run measured it. */
  pass: boolean | null
  detail?: string
}

/**
 * The budgets of one or more runs, by name in the order first seen. A budget passes only when
 * every run measured and met it; the table shows the median and the spread of each.
 */
export function combineBudgets(runs: readonly (readonly Budget[])[]): CombinedBudget[] {
  const byName = new Map<string, Budget[]>()
  for (const run of runs)
    for (const item of run) byName.set(item.name, [...(byName.get(item.name) ?? []), item])
  return [...byName.values()].map((items) => {
    const first = items[0]!
    const measured = items.filter((item) => item.pass !== null)
    const met = measured.filter((item) => item.pass === true).length
    return {
      name: first.name,
      comparison: first.comparison,
      unit: first.unit,
      limits: measured.map((item) => item.limit),
      values: measured.map((item) => item.value),
      met,
      measured: measured.length,
      runs: runs.length,
      pass: measured.length === 0 ? null : met === runs.length,
      ...(first.detail && runs.length === 1 ? { detail: first.detail } : {}),
    }
  })
}

export function verdict(pass: boolean | null): string {
  return pass === null ? 'n/a' : pass ? 'PASS' : 'FAIL'
}

function spread(values: readonly number[], unit: Unit): string {
  if (values.length < 2) return '—'
  return `${formatValue(Math.min(...values), unit)} – ${formatValue(Math.max(...values), unit)}`
}

export function budgetTable(budgets: readonly CombinedBudget[], runs: number): Table {
  if (runs === 1) {
    return {
      title: 'Budgets (issues #32 and #55; each limit from the floor measured in the same run)',
      head: ['budget', 'limit', 'measured', 'verdict'],
      rows: budgets.map((b) => [
        b.name,
        `${b.comparison} ${formatValue(b.limits[0] ?? Number.NaN, b.unit)}`,
        `${formatValue(b.values[0] ?? Number.NaN, b.unit)}${b.detail ? ` (${b.detail})` : ''}`,
        verdict(b.pass),
      ]),
    }
  }
  return {
    title: `Budgets over ${runs} runs (median, and spread from the lowest to the highest run; met only when met in every run)`,
    head: ['budget', 'limit', 'measured', 'spread', 'runs met', 'verdict'],
    rows: budgets.map((b) => [
      b.name,
      `${b.comparison} ${formatValue(median(b.limits), b.unit)}`,
      formatValue(median(b.values), b.unit),
      spread(b.values, b.unit),
      `${b.met}/${b.runs}`,
      verdict(b.pass),
    ]),
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
