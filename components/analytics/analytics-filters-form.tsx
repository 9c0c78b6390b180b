import { analyticsCsvPath, analyticsPath, type AnalyticsParams } from '@/lib/analytics/params'

const label = 'block text-xs font-medium text-zinc-600 dark:text-zinc-400'
const field =
  'mt-0.5 block w-full rounded border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900'
const link = 'text-sm text-blue-700 hover:underline dark:text-blue-300'

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
              className={`rounded px-2.5 py-1 ${current ? 'bg-zinc-900 font-medium text-white dark:bg-zinc-100 dark:text-zinc-900' : 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800'}`}
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
        className="grid grid-cols-2 gap-3 rounded-md border border-zinc-200 bg-white p-3 sm:grid-cols-5 dark:border-zinc-800 dark:bg-zinc-900"
      >
        <div>
          <label htmlFor="analytics-from" className={label}>
            From (UTC day)
          </label>
          <input
            id="analytics-from"
            name="from"
            type="date"
            defaultValue={params.from}
            className={field}
          />
        </div>
        <div>
          <label htmlFor="analytics-to" className={label}>
            To (included)
          </label>
          <input
            id="analytics-to"
            name="to"
            type="date"
            defaultValue={params.to}
            className={field}
          />
        </div>
        <div>
          <label htmlFor="analytics-env" className={label}>
            Live or sandbox
          </label>
          <select
            id="analytics-env"
            name="env"
            defaultValue={params.environment ?? ''}
            className={field}
          >
            <option value="">Both</option>
            <option value="live">Live only</option>
            <option value="sandbox">Sandbox only</option>
          </select>
        </div>
        <div className="col-span-2">
          <label htmlFor="analytics-webhook" className={label}>
            Webhook id
          </label>
          <input
            id="analytics-webhook"
            name="webhook_id"
            type="search"
            defaultValue={params.webhookId ?? ''}
            spellCheck={false}
            className={`${field} font-mono`}
          />
        </div>
        <div className="col-span-2 flex flex-wrap items-end gap-x-3 gap-y-1 sm:col-span-5">
          <button
            type="submit"
            className="rounded bg-zinc-900 px-3 py-1 text-sm font-medium text-white hover:bg-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300"
          >
            Apply
          </button>
          <a href={analyticsPath()} className={link}>
            Clear
          </a>
          <a href={analyticsCsvPath(params)} download className={`${link} ml-auto`}>
            Download every table (CSV)
          </a>
        </div>
      </form>
    </div>
  )
}
