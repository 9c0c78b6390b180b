import { queueHref, type CaseListParams } from '@/lib/cases/views'

import type { AnalyticsParams, ChartKey } from './params'
import type {
  AnalystRow,
  DecisionWeek,
  Deadlines,
  FailureReasons,
  OpenCaseAge,
  QaRow,
  ReviewTimeWeek,
  ScreeningDay,
  VerificationDay,
} from './types'

/*
 * The numbers behind each chart as one table: the page shows it (for screen readers, and anyone
 * who wants the figures) and the CSV is written from it, so the two cannot disagree. Browser-safe
 * and pure: the figures come from lib/analytics/queries.ts.
 */

export type Cell = string | number | null

export type ChartTable = {
  key: ChartKey
  columns: string[]
  rows: Cell[][]
  /** Where each row's first cell links: the list that shows what the row counts. */
  links: (string | null)[]
}

export type AnalyticsFigures = {
  days: string[]
  weeks: string[]
  verifications: VerificationDay[]
  failures: FailureReasons
  screenings: ScreeningDay[]
  decisions: DecisionWeek[]
  reviewTimes: ReviewTimeWeek[]
  openCases: OpenCaseAge[]
  deadlines: Deadlines
  /** Null unless the viewer leads. */
  analysts: AnalystRow[] | null
  /** QA results per analyst and the team's (the last row); null unless the viewer leads. */
  qa: QaRow[] | null
}

/**
 * The queue's cases a chart counts: every case (open and closed) of that kind whose record falls in
 * the same days, with the page's webhook and environment filters and any the row adds.
 */
export function queueLink(
  params: AnalyticsParams,
  filters: Pick<CaseListParams, 'kind' | 'error'>,
  days: { from: string; to: string } = params,
) {
  return caseLink(params, { view: 'all', ...filters, from: days.from, to: days.to })
}

/** A view of the queue, with the page's webhook and environment filters. */
export function caseLink(params: AnalyticsParams, view: Partial<CaseListParams>) {
  return queueHref({
    ...view,
    webhook_id: params.webhookId ?? undefined,
    env: params.environment ?? undefined,
  })
}

/** Share as a percentage with one decimal, or null when there is nothing to share. */
export function percent(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 1000) / 10
}

function byKey<T, K extends keyof T>(rows: T[], key: K) {
  return new Map(rows.map((row) => [row[key], row]))
}

export function chartTables(params: AnalyticsParams, figures: AnalyticsFigures): ChartTable[] {
  const verifications = byKey(figures.verifications, 'day')
  const screenings = byKey(figures.screenings, 'day')
  const decisions = byKey(figures.decisions, 'week')
  const times = byKey(figures.reviewTimes, 'week')
  const oneDay = (day: string) => ({ from: day, to: day })
  const tables: ChartTable[] = [
    {
      key: 'verifications',
      columns: ['Day (UTC)', 'Verified', 'Failed', 'Other outcome'],
      rows: figures.days.map((day) => {
        const row = verifications.get(day)
        return [day, row?.verified ?? 0, row?.failed ?? 0, row?.other ?? 0]
      }),
      links: figures.days.map((day) =>
        verifications.get(day)?.failed
          ? queueLink(params, { kind: 'failed_verification' }, oneDay(day))
          : null,
      ),
    },
    {
      key: 'failure-reasons',
      columns: ['Error category', 'Codes', 'Failed verifications'],
      rows: figures.failures.categories.map((category) => [
        category.label,
        category.from === category.to ? String(category.from) : `${category.from}–${category.to}`,
        category.verifications,
      ]),
      links: figures.failures.categories.map((category) =>
        category.verifications > 0
          ? queueLink(params, { kind: 'failed_verification', error: category.key })
          : null,
      ),
    },
    {
      key: 'error-codes',
      columns: ['Error code', 'Category', 'Failed verifications'],
      // A code is a name, not an amount: text, so it is shown without a thousands separator.
      rows: figures.failures.codes.map((code) => [
        String(code.code),
        code.category,
        code.verifications,
      ]),
      links: figures.failures.codes.map(() => null),
    },
    {
      key: 'screenings',
      columns: [
        'Day (UTC)',
        'High',
        'Medium',
        'Low',
        'No risk given',
        'With a match',
        'Hit rate (%)',
      ],
      rows: figures.days.map((day) => {
        const row = screenings.get(day)
        return [
          day,
          row?.high ?? 0,
          row?.medium ?? 0,
          row?.low ?? 0,
          row?.other ?? 0,
          row?.withMatch ?? 0,
          percent(row?.withMatch ?? 0, row?.total ?? 0),
        ]
      }),
      links: figures.days.map((day) => {
        const row = screenings.get(day)
        return row && row.high + row.medium > 0
          ? queueLink(params, { kind: 'screening' }, oneDay(day))
          : null
      }),
    },
    {
      key: 'decisions',
      columns: [
        'Week from (UTC)',
        'True matches',
        'False positives',
        'Sent to second review',
        'Confirmed or overturned',
        'False-positive rate (%)',
      ],
      rows: figures.weeks.map((week) => {
        const row = decisions.get(week)
        const tm = row?.trueMatch ?? 0
        const fp = row?.falsePositive ?? 0
        return [week, tm, fp, row?.secondReview ?? 0, row?.secondLooks ?? 0, percent(fp, tm + fp)]
      }),
      links: figures.weeks.map(() => null),
    },
    {
      key: 'carry-over',
      columns: ['Week from (UTC)', 'Carried over by Verity', 'Reopened by a change'],
      rows: figures.weeks.map((week) => {
        const row = decisions.get(week)
        return [week, row?.carriedOver ?? 0, row?.reopened ?? 0]
      }),
      links: figures.weeks.map(() => null),
    },
    {
      key: 'review-times',
      columns: [
        'Week of screening (UTC)',
        'Screenings with matches',
        'With a decision',
        'First decision, median (h)',
        'First decision, 90th percentile (h)',
        'Cases closed',
        'Case close, median (h)',
        'Case close, 90th percentile (h)',
      ],
      rows: figures.weeks.map((week) => {
        const row = times.get(week)
        return [
          week,
          row?.screenings ?? 0,
          row?.decided ?? 0,
          row?.firstDecisionP50 ?? null,
          row?.firstDecisionP90 ?? null,
          row?.closedCases ?? 0,
          row?.closeP50 ?? null,
          row?.closeP90 ?? null,
        ]
      }),
      links: figures.weeks.map(() => null),
    },
    {
      key: 'open-cases',
      columns: ['Age (days)', 'Open cases'],
      rows: figures.openCases.map((row) => [row.bucket, row.cases]),
      links: figures.openCases.map((row) =>
        row.cases > 0 ? caseLink(params, { sort: 'age' }) : null,
      ),
    },
    {
      key: 'deadlines',
      columns: ['Deadline', 'Cases'],
      rows: [
        ['Closed by the due date', figures.deadlines.met],
        ['Closed after the due date', figures.deadlines.missed],
        ['Open past the due date now', figures.deadlines.openOverdue],
      ],
      links: [
        figures.deadlines.met > 0 ? caseLink(params, { view: 'closed' }) : null,
        figures.deadlines.missed > 0 ? caseLink(params, { view: 'closed' }) : null,
        figures.deadlines.openOverdue > 0 ? caseLink(params, { view: 'overdue' }) : null,
      ],
    },
  ]
  if (figures.analysts) {
    tables.push({
      key: 'analysts',
      columns: ['Analyst', 'Cases closed', 'Decisions made', 'Median time to close (h)'],
      rows: figures.analysts.map((row) => [
        row.label,
        row.casesClosed,
        row.decisions,
        row.medianHoursToClose,
      ]),
      links: figures.analysts.map(() => null),
    })
  }
  if (figures.qa) {
    tables.push({
      key: 'qa',
      columns: ['Analyst', 'QA reviewed', 'Passed', 'Failed', 'Pass rate (%)'],
      rows: figures.qa.map((row) => [
        row.label,
        row.reviewed,
        row.passed,
        row.failed,
        percent(row.passed, row.reviewed),
      ]),
      links: figures.qa.map(() => null),
    })
  }
  return tables
}

/** Each chart's title: what it shows, as the page heads it and the CSV of the page names it. */
export const CHART_TITLES: Record<ChartKey, string> = {
  verifications: 'Verifications finished per day, verified against failed',
  'failure-reasons': 'Why verifications failed, by error category',
  'error-codes': 'The ten most frequent error codes of failed verifications',
  screenings: 'Screenings per day by highest risk',
  decisions: 'Match decisions per week',
  'carry-over': 'Matches carried over unchanged and reopened by a change, per week',
  'review-times': 'Hours from a screening to its first decision and to its case’s close',
  'open-cases': 'Cases open now, by age',
  deadlines: 'Case deadlines met and missed',
  analysts: 'Per analyst',
  qa: 'Quality assurance: results per analyst and for the team',
}
