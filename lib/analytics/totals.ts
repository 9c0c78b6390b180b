import type { AnalyticsFigures } from './tables'

/*
 * The page's totals over the period, from the same figures as its charts and CSV: the figures row
 * at the top and each chart's sentence read them. Browser-safe and pure.
 */

export type AnalyticsTotals = {
  verified: number
  failed: number
  screened: number
  /** Screenings with at least one match. */
  hits: number
  trueMatches: number
  falsePositives: number
  carriedOver: number
  reopened: number
  /** Cases open now. */
  open: number
  met: number
  missed: number
  openOverdue: number
}

const sum = <T>(rows: readonly T[], value: (row: T) => number) =>
  rows.reduce((total, row) => total + value(row), 0)

export function analyticsTotals(figures: AnalyticsFigures): AnalyticsTotals {
  return {
    verified: sum(figures.verifications, (day) => day.verified),
    failed: sum(figures.verifications, (day) => day.failed),
    screened: sum(figures.screenings, (day) => day.total),
    hits: sum(figures.screenings, (day) => day.withMatch),
    trueMatches: sum(figures.decisions, (week) => week.trueMatch),
    falsePositives: sum(figures.decisions, (week) => week.falsePositive),
    carriedOver: sum(figures.decisions, (week) => week.carriedOver),
    reopened: sum(figures.decisions, (week) => week.reopened),
    open: sum(figures.openCases, (bucket) => bucket.cases),
    ...figures.deadlines,
  }
}
