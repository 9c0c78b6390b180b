import {
  DateRangeFields,
  FILTER_CONTROL,
  FilterActions,
  FilterField,
  FilterOptions,
} from '@/components/ui/filter-field'
import { Input } from '@/components/ui/input'
import type { QUEUE_AGES } from '@/lib/queue/params'
import { type QueueFilters } from '@/lib/queue/params'
import { queuePath } from '@/lib/routes'
import { errorCategoryByKey } from '@/lib/verifications/error-codes'

const AGE_WORDS: Record<keyof typeof QUEUE_AGES, string> = {
  '1d': 'Older than a day',
  '7d': 'Older than a week',
  '30d': 'Older than a month',
}

/** A plain GET form: the filters live in the URL, and it works before (or without) hydration. */
export function QueueFiltersForm({ filters }: { filters: QueueFilters }) {
  return (
    <form
      method="get"
      action={queuePath()}
      aria-label="Filter the queue"
      className="grid grid-cols-2 gap-3 rounded-md border border-line bg-surface p-3 sm:grid-cols-4"
    >
      <FilterOptions
        id="queue-risk"
        name="risk"
        label="Risk"
        value={filters.risk}
        options={[
          ['High', 'High'],
          ['Medium', 'Medium'],
        ]}
      />
      <FilterOptions
        id="queue-event_type"
        name="event_type"
        label="Event type"
        value={filters.eventType}
        options={[
          ['AML_SCREENING', 'Screenings'],
          ['DOCVER', 'Failed verifications'],
        ]}
      />
      <FilterOptions
        id="queue-age"
        name="age"
        label="Age"
        value={filters.age}
        options={Object.entries(AGE_WORDS)}
      />
      <FilterField id="queue-webhook" label="Webhook id">
        <Input
          id="queue-webhook"
          name="webhook_id"
          type="search"
          defaultValue={filters.webhookId ?? ''}
          spellCheck={false}
          className={`${FILTER_CONTROL} font-mono`}
        />
      </FilterField>
      <DateRangeFields idPrefix="queue" from={filters.from} to={filters.to} />
      <LinkedFilters filters={filters} />
      <FilterActions
        clearHref={queuePath()}
        apply="Apply filters"
        className="col-span-2 sm:col-span-4"
      />
    </form>
  )
}

/**
 * The filters an analytics chart's link adds (a period, an error category, live or sandbox): the
 * form has no fields for the last two, so it carries them along and says they apply.
 */
function LinkedFilters({ filters }: { filters: QueueFilters }) {
  const words = [
    filters.from && filters.to
      ? `${filters.from} to ${filters.to}`
      : filters.from
        ? `from ${filters.from}`
        : filters.to
          ? `up to ${filters.to}`
          : null,
    filters.error ? `errors: ${errorCategoryByKey(filters.error)?.label ?? filters.error}` : null,
    filters.environment ? `${filters.environment} only` : null,
  ].filter((word) => word !== null)
  if (words.length === 0) return null
  return (
    <p className="col-span-2 text-xs text-muted sm:col-span-4">
      Also limited to {words.join(', ')} (UTC days).
      {filters.error && <input type="hidden" name="error" value={filters.error} />}
      {filters.environment && <input type="hidden" name="env" value={filters.environment} />}
    </p>
  )
}
