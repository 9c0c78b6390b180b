import 'server-only'

import { MirrorReach } from '@/components/queue/mirror-reach'
import { EmptyState } from '@/components/ui/empty-state'
import type { ChartSpec } from '@/lib/analytics/charts'
import type { AnalyticsLoad } from '@/lib/analytics/load'
import type { ChartKey } from '@/lib/analytics/params'
import { CHART_TITLES, caseLink, percent, queueLink, type ChartTable } from '@/lib/analytics/tables'

import { AnalyticsFiltersForm } from './analytics-filters-form'
import { ChartCard, NumbersTable } from './chart-card'

type Loaded = Extract<AnalyticsLoad, { ok: true }>

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
/** 2026-11-03 → "3 Nov". */
const shortDay = (day: string) =>
  `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1]}`

const num = (value: number) => value.toLocaleString('en')

/** A table's column, by its index, as numbers (the first column is the category). */
function column(table: ChartTable, index: number): (number | null)[] {
  return table.rows.map((row) => {
    const cell = row[index]
    return typeof cell === 'number' ? cell : null
  })
}

export function AnalyticsPage(load: Loaded) {
  const { params, figures, tables } = load
  const table = (key: ChartKey) => tables.find((t) => t.key === key)!
  const categories = (key: ChartKey) => table(key).rows.map((row) => String(row[0]))

  const verifications = table('verifications')
  const verified = column(verifications, 1).reduce<number>((a, b) => a + (b ?? 0), 0)
  const failed = column(verifications, 2).reduce<number>((a, b) => a + (b ?? 0), 0)
  const screenings = table('screenings')
  const screened = figures.screenings.reduce((sum, day) => sum + day.total, 0)
  const hits = figures.screenings.reduce((sum, day) => sum + day.withMatch, 0)
  const tm = figures.decisions.reduce((sum, week) => sum + week.trueMatch, 0)
  const fp = figures.decisions.reduce((sum, week) => sum + week.falsePositive, 0)
  const open = figures.openCases.reduce((sum, bucket) => sum + bucket.cases, 0)
  const { met, missed, openOverdue } = figures.deadlines

  const failures = table('failure-reasons')
  const failureRows = failures.rows
    .map((row, index) => ({ row, link: failures.links[index] ?? null }))
    .filter(({ row }) => (row[2] as number) > 0)

  const specs: Partial<Record<ChartKey, ChartSpec>> = {
    verifications: {
      kind: 'bar',
      stacked: true,
      categories: categories('verifications'),
      formatCategory: shortDay,
      xName: 'Day (UTC)',
      yName: 'Verifications',
      series: [
        { name: 'Verified', color: 'var(--chart-ok)', data: column(verifications, 1) },
        {
          name: 'Failed',
          color: 'var(--chart-bad)',
          data: column(verifications, 2),
          links: verifications.links,
        },
      ],
    },
    'failure-reasons':
      failureRows.length > 0
        ? {
            kind: 'bar',
            horizontal: true,
            categories: failureRows.map(({ row }) => String(row[0])),
            xName: 'Failed verifications',
            yName: 'Error category',
            series: [
              {
                name: 'Failed verifications',
                color: 'var(--chart-bad)',
                data: failureRows.map(({ row }) => row[2] as number),
                links: failureRows.map(({ link }) => link),
              },
            ],
          }
        : undefined,
    screenings: {
      kind: 'bar',
      stacked: true,
      categories: categories('screenings'),
      formatCategory: shortDay,
      xName: 'Day (UTC)',
      yName: 'Screenings',
      series: [
        {
          name: 'High',
          color: 'var(--chart-high)',
          data: column(screenings, 1),
          links: screenings.links,
        },
        {
          name: 'Medium',
          color: 'var(--chart-medium)',
          data: column(screenings, 2),
          links: screenings.links,
        },
        { name: 'Low', color: 'var(--chart-low)', data: column(screenings, 3) },
        { name: 'No risk given', color: 'var(--chart-none)', data: column(screenings, 4) },
      ],
    },
    decisions: {
      kind: 'bar',
      stacked: true,
      categories: categories('decisions'),
      formatCategory: (week) => `wk ${shortDay(week)}`,
      xName: 'Week from (UTC)',
      yName: 'Decisions',
      series: [
        { name: 'True match', color: 'var(--chart-high)', data: column(table('decisions'), 1) },
        { name: 'False positive', color: 'var(--chart-1)', data: column(table('decisions'), 2) },
        { name: 'Second review', color: 'var(--chart-2)', data: column(table('decisions'), 3) },
      ],
    },
    'review-times': {
      kind: 'line',
      categories: categories('review-times'),
      formatCategory: (week) => `wk ${shortDay(week)}`,
      xName: 'Week of the screening (UTC)',
      yName: 'Hours',
      series: [
        {
          name: 'Decision, median',
          color: 'var(--chart-1)',
          data: column(table('review-times'), 3),
        },
        {
          name: 'Decision, p90',
          color: 'var(--chart-1)',
          data: column(table('review-times'), 4),
          dashed: true,
        },
        {
          name: 'Close, median',
          color: 'var(--chart-4)',
          data: column(table('review-times'), 6),
        },
        {
          name: 'Close, p90',
          color: 'var(--chart-4)',
          data: column(table('review-times'), 7),
          dashed: true,
        },
      ],
    },
    'open-cases': {
      kind: 'bar',
      categories: categories('open-cases'),
      xName: 'Age (days since the case was made)',
      yName: 'Open cases',
      series: [
        {
          name: 'Open cases',
          color: 'var(--chart-3)',
          data: column(table('open-cases'), 1),
          links: table('open-cases').links,
        },
      ],
    },
    deadlines: {
      kind: 'bar',
      horizontal: true,
      categories: ['Met', 'Missed', 'Open, overdue'],
      xName: 'Cases',
      yName: 'Deadline',
      series: [
        {
          name: 'Cases',
          color: 'var(--chart-3)',
          data: [met, missed, openOverdue],
          links: table('deadlines').links,
        },
      ],
    },
  }

  const card = (
    key: ChartKey,
    summary: string,
    extra: Partial<Parameters<typeof ChartCard>[0]> = {},
  ) => (
    <ChartCard
      key={key}
      table={table(key)}
      title={CHART_TITLES[key]}
      summary={summary}
      spec={specs[key] ?? null}
      params={params}
      {...extra}
    />
  )

  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h1 className="text-xl font-semibold">Analytics</h1>
        <p className="text-sm text-muted">
          What the team verified, screened and decided from {params.from} to {params.to} (UTC days),
          computed from the mirrored webhook history, match decisions and cases
          {params.environment ? `; ${params.environment} records only` : ''}
          {params.webhookId ? `; webhook ${params.webhookId}` : ''}.
        </p>
        <MirrorReach mirror={load.mirror} />
      </div>
      <AnalyticsFiltersForm params={params} />
      <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-md border border-line bg-zinc-200 text-sm sm:grid-cols-3 lg:grid-cols-6 dark:bg-zinc-800">
        <Figure term="Verifications finished" value={num(verified + failed)} />
        <Figure term="Failed" value={rate(failed, verified + failed)} />
        <Figure term="Screenings" value={num(screened)} />
        <Figure term="Hit rate" value={rate(hits, screened)} />
        <Figure term="False-positive rate" value={rate(fp, tm + fp)} />
        <Figure
          term="Deadlines met"
          value={rate(met, met + missed)}
          detail={`${num(open)} open now`}
        />
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        {card(
          'verifications',
          `${num(verified)} verified and ${num(failed)} failed; each verification counts once, on the day of its newest finished record. A failed bar opens those verifications in the queue.`,
          {
            list: {
              href: queueLink(params, { eventType: 'DOCVER' }),
              label: 'Failed verifications in the queue',
            },
          },
        )}
        {card(
          'failure-reasons',
          `${num(figures.failures.failed)} failed verifications by the documented range of their check error codes; one with codes in two ranges counts in both${figures.failures.withoutCode ? `, ${num(figures.failures.withoutCode)} had no code` : ''}.`,
          {
            tableOpen: failureRows.length === 0,
            note: failureRows.length === 0 ? <Nothing /> : undefined,
          },
        )}
        {card(
          'screenings',
          `${num(screened)} screenings, ${rate(hits, screened)} with at least one match. High and Medium bars open the screenings of that day still to review.`,
          {
            list: {
              href: queueLink(params, { eventType: 'AML_SCREENING' }),
              label: 'Screenings to review in the queue',
            },
          },
        )}
        {card(
          'decisions',
          tm + fp === 0
            ? 'No match was decided true or false positive in this period. Confirmations by a second analyst are in the table.'
            : `${num(tm)} true matches and ${num(fp)} false positives decided: a false-positive rate of ${rate(fp, tm + fp)}. Confirmations by a second analyst are in the table.`,
        )}
        {card(
          'review-times',
          'Median (solid) and 90th percentile (dashed) hours from a screening with matches to the first decision on its report, and to the close of its case.',
          { list: { href: caseLink({ view: 'closed' }), label: 'Closed cases' } },
        )}
        <CodesCard table={table('error-codes')} />
        {card(
          'open-cases',
          `${num(open)} cases open now, by whole days since each was made (not limited to the period).`,
          {
            tableOpen: true,
            list: { href: caseLink({ view: 'all', sort: 'age' }), label: 'Cases, oldest first' },
          },
        )}
        {card(
          'deadlines',
          `Of the cases closed in the period, ${num(met)} by their due date and ${num(missed)} after it; ${num(openOverdue)} open cases are past it now.`,
          {
            tableOpen: true,
            list: { href: caseLink({ view: 'overdue' }), label: 'Overdue cases' },
          },
        )}
      </div>
      {figures.analysts && (
        <section
          aria-labelledby="chart-analysts-title"
          data-chart="analysts"
          className="rounded-md border border-line bg-surface"
        >
          <div className="flex items-baseline justify-between gap-3 border-b border-line px-4 py-2">
            <h2 id="chart-analysts-title" className="text-sm font-semibold">
              {CHART_TITLES.analysts} <span className="font-normal text-muted">(leads only)</span>
            </h2>
          </div>
          <div className="px-4 py-2">
            {figures.analysts.length === 0 ? (
              <p className="text-sm text-muted">
                Nobody closed a case or decided a match in this period.
              </p>
            ) : (
              <NumbersTable table={table('analysts')} caption={CHART_TITLES.analysts} />
            )}
          </div>
        </section>
      )}
    </div>
  )
}

function CodesCard({ table }: { table: ChartTable }) {
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

function Nothing() {
  return <p className="text-xs text-muted">No verification failed in this period.</p>
}

function rate(part: number, whole: number) {
  const value = percent(part, whole)
  return value === null ? '–' : `${value}%`
}

function Figure({ term, value, detail }: { term: string; value: string; detail?: string }) {
  return (
    <div className="bg-surface px-3 py-2">
      <dt className="text-xs text-muted">{term}</dt>
      <dd className="text-lg font-semibold tabular-nums">
        {value}
        {detail && <span className="ml-1.5 text-xs font-normal text-faint">{detail}</span>}
      </dd>
    </div>
  )
}

export function AnalyticsProblem({ problems }: { problems: string[] }) {
  return (
    <div role="alert">
      <EmptyState title="This analytics link has a bad period or filter">
        {problems.join('. ')}.{' '}
        <a href="/analytics" className="underline">
          Open the last 30 days
        </a>
      </EmptyState>
    </div>
  )
}
