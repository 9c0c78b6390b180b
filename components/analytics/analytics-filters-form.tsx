import {
  DateRangeFields,
  EnvironmentFilter,
  FilterActions,
  WebhookIdFilter,
} from '@/components/ui/filter-field'
import { analyticsCsvPath, analyticsPath, type AnalyticsParams } from '@/lib/analytics/params'

const link = 'text-sm text-link hover:underline'

/**
 * A plain GET form (the period and filters live in the URL; it works without JavaScript). The
 * quick periods are links; a from–to range is typed, and a range given wins over a period.
 */
export function AnalyticsFiltersForm({ params }: { params: AnalyticsParams }) {
  return (
    <div className="space-y-2">
      <nav aria-label="Period" className="flex flex-wrap items-center gap-1 text-sm">
        {([7, 30, 90] as const).map((days) => {
          const current = params.days === days
          return (
            <a
              key={days}
              href={analyticsPath({ ...params, days, from: params.from, to: params.to })}
              aria-current={current ? 'page' : undefined}
              className={`rounded px-2.5 py-1 ${current ? 'bg-zinc-900 font-medium text-white dark:bg-zinc-100 dark:text-zinc-900' : 'text-zinc-700 hover:bg-subtle dark:text-zinc-300'}`}
            >
              Last {days} days
            </a>
          )
        })}
      </nav>
      <form
        method="get"
        action="/analytics"
        aria-label="Period and filters"
        className="grid grid-cols-2 gap-3 rounded-md border border-line bg-surface p-3 sm:grid-cols-5"
      >
        <DateRangeFields idPrefix="analytics" from={params.from} to={params.to} />
        <EnvironmentFilter id="analytics-env" value={params.environment} />
        <WebhookIdFilter id="analytics-webhook" value={params.webhookId} />
        <FilterActions clearHref={analyticsPath()} className="col-span-2 sm:col-span-5">
          <a href={analyticsCsvPath(params)} download className={`${link} ml-auto`}>
            Download every table (CSV)
          </a>
        </FilterActions>
      </form>
    </div>
  )
}
