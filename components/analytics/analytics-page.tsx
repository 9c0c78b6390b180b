import 'server-only'

import { MirrorReach } from '@/components/history-mirror/mirror-reach'
import { EmptyState } from '@/components/ui/empty-state'
import type { AnalyticsLoad } from '@/lib/analytics/load'
import type { ChartKey } from '@/lib/analytics/params'
import { analyticsTotals } from '@/lib/analytics/totals'

import { AnalyticsFiltersForm } from './analytics-filters-form'
import { num, rate } from './card-helpers'
import { AnalystsCard } from './cards/analysts-card'
import { CarryOverCard } from './cards/carry-over-card'
import { DeadlinesCard } from './cards/deadlines-card'
import { DecisionsCard } from './cards/decisions-card'
import { ErrorCodesCard } from './cards/error-codes-card'
import { FailureReasonsCard } from './cards/failure-reasons-card'
import { OpenCasesCard } from './cards/open-cases-card'
import { QaCard } from './cards/qa-card'
import { ReviewTimesCard } from './cards/review-times-card'
import { ScreeningsCard } from './cards/screenings-card'
import { VerificationsCard } from './cards/verifications-card'

type Loaded = Extract<AnalyticsLoad, { ok: true }>

export function AnalyticsPage(load: Loaded) {
  const { params, figures, tables } = load
  const table = (key: ChartKey) => tables.find((t) => t.key === key)!
  const totals = analyticsTotals(figures)
  const card = (key: ChartKey) => ({ table: table(key), params, totals })
  const { verified, failed, screened, hits, trueMatches, falsePositives, met, missed, open } =
    totals

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
        <Figure
          term="False-positive rate"
          value={rate(falsePositives, trueMatches + falsePositives)}
        />
        <Figure
          term="Deadlines met"
          value={rate(met, met + missed)}
          detail={`${num(open)} open now`}
        />
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <VerificationsCard {...card('verifications')} />
        <FailureReasonsCard
          table={table('failure-reasons')}
          params={params}
          failures={figures.failures}
        />
        <ScreeningsCard {...card('screenings')} />
        <DecisionsCard {...card('decisions')} />
        <CarryOverCard {...card('carry-over')} />
        <ReviewTimesCard table={table('review-times')} params={params} />
        <ErrorCodesCard table={table('error-codes')} />
        <OpenCasesCard {...card('open-cases')} />
        <DeadlinesCard {...card('deadlines')} />
      </div>
      {figures.analysts && (
        <AnalystsCard table={table('analysts')} empty={figures.analysts.length === 0} />
      )}
      {figures.qa && <QaCard table={table('qa')} empty={figures.qa.length === 0} />}
    </div>
  )
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
