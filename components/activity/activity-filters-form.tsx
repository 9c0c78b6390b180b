import type { ActivityFilters } from '@/lib/audit/activity-query'

import { ACTION_OPTIONS, RECORD_TYPE_OPTIONS } from './activity-labels'

const label = 'block text-xs font-medium text-zinc-600 dark:text-zinc-400'
const field =
  'mt-0.5 block w-full rounded border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900'

/** A plain GET form: the filters live in the URL, and it works before (or without) hydration. */
export function ActivityFiltersForm({ filters }: { filters: ActivityFilters }) {
  return (
    <form
      method="get"
      action="/activity"
      aria-label="Filter activity"
      className="grid grid-cols-2 gap-3 rounded-md border border-zinc-200 bg-white p-3 sm:grid-cols-3 lg:grid-cols-7 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="col-span-2 sm:col-span-1 lg:col-span-2">
        <label htmlFor="activity-analyst" className={label}>
          Analyst
        </label>
        <input
          id="activity-analyst"
          name="analyst"
          type="search"
          defaultValue={filters.analyst}
          placeholder="e-mail or name"
          className={field}
        />
      </div>
      <OptionsField name="action" label="Action" value={filters.action} options={ACTION_OPTIONS} />
      <OptionsField
        name="type"
        label="Record type"
        value={filters.type}
        options={RECORD_TYPE_OPTIONS}
      />
      <div>
        <label htmlFor="activity-id" className={label}>
          Record id
        </label>
        <input
          id="activity-id"
          name="id"
          type="search"
          defaultValue={filters.id}
          spellCheck={false}
          className={`${field} font-mono`}
        />
      </div>
      <div>
        <label htmlFor="activity-from" className={label}>
          From (UTC)
        </label>
        <input
          id="activity-from"
          name="from"
          type="date"
          defaultValue={filters.from}
          className={field}
        />
      </div>
      <div>
        <label htmlFor="activity-to" className={label}>
          To (UTC)
        </label>
        <input id="activity-to" name="to" type="date" defaultValue={filters.to} className={field} />
      </div>
      <div className="col-span-2 flex items-end gap-2 sm:col-span-3 lg:col-span-7">
        <button
          type="submit"
          className="rounded bg-zinc-900 px-3 py-1 text-sm font-medium text-white hover:bg-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300"
        >
          Apply filters
        </button>
        <a href="/activity" className="text-sm text-blue-700 hover:underline dark:text-blue-300">
          Clear
        </a>
      </div>
    </form>
  )
}

/** A filter chosen from a list, "Any" first. */
function OptionsField({
  name,
  label: text,
  value,
  options,
}: {
  name: string
  label: string
  value: string | null | undefined
  options: readonly (readonly [string, string])[]
}) {
  return (
    <div>
      <label htmlFor={`activity-${name}`} className={label}>
        {text}
      </label>
      <select id={`activity-${name}`} name={name} defaultValue={value ?? ''} className={field}>
        <option value="">Any</option>
        {options.map(([option, words]) => (
          <option key={option} value={option}>
            {words}
          </option>
        ))}
      </select>
    </div>
  )
}
