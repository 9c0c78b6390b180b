import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import type { ActivityFilters } from '@/lib/audit/activity-query'

import { ACTION_OPTIONS, RECORD_TYPE_OPTIONS } from './activity-labels'

const label = 'block text-xs font-medium text-muted'

/** A plain GET form: the filters live in the URL, and it works before (or without) hydration. */
export function ActivityFiltersForm({ filters }: { filters: ActivityFilters }) {
  return (
    <form
      method="get"
      action="/activity"
      aria-label="Filter activity"
      className="grid grid-cols-2 gap-3 rounded-md border border-line bg-surface p-3 sm:grid-cols-3 lg:grid-cols-7"
    >
      <div className="col-span-2 sm:col-span-1 lg:col-span-2">
        <label htmlFor="activity-analyst" className={label}>
          Analyst
        </label>
        <Input
          id="activity-analyst"
          name="analyst"
          type="search"
          defaultValue={filters.analyst}
          placeholder="e-mail or name"
          className="mt-0.5 block w-full"
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
        <Input
          id="activity-id"
          name="id"
          type="search"
          defaultValue={filters.id}
          spellCheck={false}
          className="mt-0.5 block w-full font-mono"
        />
      </div>
      <div>
        <label htmlFor="activity-from" className={label}>
          From (UTC)
        </label>
        <Input
          id="activity-from"
          name="from"
          type="date"
          defaultValue={filters.from}
          className="mt-0.5 block w-full"
        />
      </div>
      <div>
        <label htmlFor="activity-to" className={label}>
          To (UTC)
        </label>
        <Input
          id="activity-to"
          name="to"
          type="date"
          defaultValue={filters.to}
          className="mt-0.5 block w-full"
        />
      </div>
      <div className="col-span-2 flex items-end gap-2 sm:col-span-3 lg:col-span-7">
        <Button type="submit" variant="primary" size="md">
          Apply filters
        </Button>
        <a href="/activity" className="text-sm text-link hover:underline">
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
      <Select
        id={`activity-${name}`}
        name={name}
        defaultValue={value ?? ''}
        className="mt-0.5 block w-full"
      >
        <option value="">Any</option>
        {options.map(([option, words]) => (
          <option key={option} value={option}>
            {words}
          </option>
        ))}
      </Select>
    </div>
  )
}
