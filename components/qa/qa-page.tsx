import Link from 'next/link'

import { DrawButton } from '@/components/qa/draw-button'
import { QaResultForm } from '@/components/qa/qa-result-form'
import { Badge } from '@/components/ui/badge'
import { buttonClass } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Timestamp } from '@/components/ui/timestamp'
import { outcomeLabels, type Outcome } from '@/lib/cases/rules'
import { whyLabels, type QaData, type QaDraw, type QaSampledCase } from '@/lib/qa/requests'
import { casePath } from '@/lib/routes'

/**
 * /qa: the QA draws of a period, each with its seed (an auditor redraws it from the exam pack), its
 * sampled cases and their results; a lead who did not close a case records its result there.
 */
export function QaPage({ data }: { data: QaData | null }) {
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-xl font-semibold">Quality assurance</h1>
        <p className="mt-0.5 text-sm text-muted">
          Every week, and on demand, a sample of closed cases is drawn from a random seed kept in
          the audit trail: every true match, every closure of an analyst in their first days, and a
          share of everyone&apos;s closures, one at least. A lead who did not close a case passes or
          fails it; a fail reopens it. A result is never changed: a correction is a new result.
        </p>
      </div>
      {data === null ? (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          Quality assurance is for leads and auditors.
        </p>
      ) : (
        <>
          <form
            method="get"
            className="flex flex-wrap items-end gap-3"
            aria-label="Period of the draws"
          >
            <label className="flex flex-col text-xs font-medium">
              From
              <Input type="date" name="from" defaultValue={data.period.from} required sunken />
            </label>
            <label className="flex flex-col text-xs font-medium">
              To
              <Input type="date" name="to" defaultValue={data.period.to} required sunken />
            </label>
            <button type="submit" className={buttonClass('secondary', 'md')}>
              Show
            </button>
            {data.viewer.lead && <DrawButton period={data.period} />}
          </form>
          {data.draws.length === 0 ? (
            <p className="text-sm text-muted">No draw covers this period yet.</p>
          ) : (
            data.draws.map((draw) => <Draw key={draw.id} draw={draw} viewer={data.viewer} />)
          )}
        </>
      )}
    </div>
  )
}

function Draw({ draw, viewer }: { draw: QaDraw; viewer: QaData['viewer'] }) {
  return (
    <section
      aria-labelledby={`draw-${draw.id}`}
      className="rounded-md border border-line bg-surface"
    >
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 border-b border-line px-4 py-2">
        <h2 id={`draw-${draw.id}`} className="text-sm font-semibold">
          Draw {draw.id}: {draw.from} to {draw.to}
        </h2>
        <Badge tone={draw.kind === 'weekly' ? 'blue' : 'violet'}>
          {draw.kind === 'weekly' ? 'Weekly' : 'On demand'}
        </Badge>
        <span className="text-xs text-muted">
          {draw.cases.length} of {draw.closures} closures; {draw.percent}% and the first{' '}
          {draw.newAnalystDays} days; by {draw.drawnBy}, <Timestamp value={draw.drawnAt} />
        </span>
        <code className="text-xs break-all text-faint">seed {draw.seed}</code>
      </div>
      {draw.cases.length === 0 ? (
        <p className="px-4 py-2 text-sm text-muted">Nobody closed a case in this period.</p>
      ) : (
        <ul className="divide-y divide-hairline">
          {draw.cases.map((item) => (
            <SampledCase key={item.caseId} item={item} viewer={viewer} />
          ))}
        </ul>
      )}
    </section>
  )
}

function SampledCase({ item, viewer }: { item: QaSampledCase; viewer: QaData['viewer'] }) {
  const standing = item.results.at(-1)
  const mayReview = viewer.lead && item.closedBy !== viewer.id
  return (
    <li className="flex flex-col gap-1.5 px-4 py-2 text-sm" data-testid={`qa-case-${item.caseId}`}>
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <Link href={casePath(item.caseId)} className="font-medium text-link hover:underline">
          Case {item.caseId}
        </Link>
        <span className="text-xs text-muted">{whyLabels[item.why]}</span>
        <span className="text-xs">
          {outcomeLabels[item.outcome as Outcome] ?? item.outcome}, closed{' '}
          <Timestamp value={item.closedAt} />
        </span>
        {standing ? (
          <Badge tone={standing.result === 'pass' ? 'green' : 'red'}>
            {standing.result === 'pass' ? 'Passed' : 'Failed'}
          </Badge>
        ) : (
          <Badge tone="amber">Not reviewed</Badge>
        )}
        {mayReview && <QaResultForm caseId={item.caseId} corrects={standing?.id ?? null} />}
      </div>
      {item.results.length > 0 && (
        <ol className="space-y-0.5 text-xs text-muted">
          {item.results.map((result) => (
            <li key={result.id}>
              Result {result.id}: {result.result} by {result.by}, <Timestamp value={result.at} />
              {result.corrects !== null && `, correcting result ${result.corrects}`}
              {result.reason && `: ${result.reason}`}
            </li>
          ))}
        </ol>
      )}
    </li>
  )
}
