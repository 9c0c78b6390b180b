import { Button } from '@/components/ui/button'
import { FILTER_CONTROL, FilterField, FilterOptions } from '@/components/ui/filter-field'
import { Input } from '@/components/ui/input'
import type { ActivityFilters } from '@/lib/audit/activity-query'

import { ACTION_OPTIONS, RECORD_TYPE_OPTIONS } from './activity-labels'

/** A plain GET form: the filters live in the URL, and it works before (or without) hydration. */
export function ActivityFiltersForm({ filters }: { filters: ActivityFilters }) {
  return (
    <form
      method="get"
      action="/activity"
      aria-label="Filter activity"
      className="grid grid-cols-2 gap-3 rounded-md border border-line bg-surface p-3 sm:grid-cols-3 lg:grid-cols-7"
    >
      <FilterField
        id="activity-analyst"
        label="Analyst"
        className="col-span-2 sm:col-span-1 lg:col-span-2"
      >
        <Input
          id="activity-analyst"
          name="analyst"
          type="search"
          defaultValue={filters.analyst}
          placeholder="e-mail or name"
          className={FILTER_CONTROL}
        />
      </FilterField>
      <FilterOptions
        id="activity-action"
        name="action"
        label="Action"
        value={filters.action}
        options={ACTION_OPTIONS}
      />
      <FilterOptions
        id="activity-type"
        name="type"
        label="Record type"
        value={filters.type}
        options={RECORD_TYPE_OPTIONS}
      />
      <FilterField id="activity-id" label="Record id">
        <Input
          id="activity-id"
          name="id"
          type="search"
          defaultValue={filters.id}
          spellCheck={false}
          className={`${FILTER_CONTROL} font-mono`}
        />
      </FilterField>
      <FilterField id="activity-from" label="From (UTC)">
        <Input
          id="activity-from"
          name="from"
          type="date"
          defaultValue={filters.from}
          className={FILTER_CONTROL}
        />
      </FilterField>
      <FilterField id="activity-to" label="To (UTC)">
        <Input
          id="activity-to"
          name="to"
          type="date"
          defaultValue={filters.to}
          className={FILTER_CONTROL}
        />
      </FilterField>
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
