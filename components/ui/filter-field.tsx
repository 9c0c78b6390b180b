import type { ReactNode } from 'react'

import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'

/** Where a filter form's control sits under its label. */
export const FILTER_CONTROL = 'mt-0.5 block w-full'

/** A filter form's field: a small label over its control, which carries `id`. */
export function FilterField({
  id,
  label,
  className,
  children,
}: {
  id: string
  label: string
  className?: string
  children: ReactNode
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-xs font-medium text-muted">
        {label}
      </label>
      {children}
    </div>
  )
}

/** A filter chosen from a list, with a first choice that sets none ("Any" unless named). */
export function FilterOptions({
  id,
  name,
  label,
  value,
  options,
  none = 'Any',
}: {
  id: string
  name: string
  label: string
  value: string | null | undefined
  options: readonly (readonly [value: string, words: string])[]
  none?: string
}) {
  return (
    <FilterField id={id} label={label}>
      <Select id={id} name={name} defaultValue={value ?? ''} className={FILTER_CONTROL}>
        <option value="">{none}</option>
        {options.map(([option, words]) => (
          <option key={option} value={option}>
            {words}
          </option>
        ))}
      </Select>
    </FilterField>
  )
}

/** A filter form's period: from one UTC day to another, both included (`from`, `to`). */
export function DateRangeFields({
  idPrefix,
  from,
  to,
}: {
  idPrefix: string
  from: string | null | undefined
  to: string | null | undefined
}) {
  return (
    <>
      <FilterField id={`${idPrefix}-from`} label="From (UTC day)">
        <Input
          id={`${idPrefix}-from`}
          name="from"
          type="date"
          defaultValue={from ?? undefined}
          className={FILTER_CONTROL}
        />
      </FilterField>
      <FilterField id={`${idPrefix}-to`} label="To (included)">
        <Input
          id={`${idPrefix}-to`}
          name="to"
          type="date"
          defaultValue={to ?? undefined}
          className={FILTER_CONTROL}
        />
      </FilterField>
    </>
  )
}

/**
 * A filter form's last row: Apply (submits the GET form) and Clear (the page without filters),
 * then whatever the form adds (`children`).
 */
export function FilterActions({
  clearHref,
  apply = 'Apply',
  className,
  children,
}: {
  clearHref: string
  apply?: string
  className?: string
  children?: ReactNode
}) {
  return (
    <div className={`flex flex-wrap items-end gap-x-3 gap-y-1 ${className ?? ''}`}>
      <Button type="submit" variant="primary" size="md">
        {apply}
      </Button>
      <a href={clearHref} className="text-sm text-link hover:underline">
        Clear
      </a>
      {children}
    </div>
  )
}

/** Live records, sandbox ones or both (`env`: `live`, `sandbox` or none). */
export function EnvironmentFilter({ id, value }: { id: string; value: string | null | undefined }) {
  return (
    <FilterOptions
      id={id}
      name="env"
      label="Live or sandbox"
      value={value}
      none="Both"
      options={[
        ['live', 'Live only'],
        ['sandbox', 'Sandbox only'],
      ]}
    />
  )
}

/** The records of one webhook (`webhook_id`), typed whole. */
export function WebhookIdFilter({ id, value }: { id: string; value: string | null | undefined }) {
  return (
    <FilterField id={id} label="Webhook id" className="col-span-2">
      <Input
        id={id}
        name="webhook_id"
        type="search"
        defaultValue={value ?? ''}
        spellCheck={false}
        className={`${FILTER_CONTROL} font-mono`}
      />
    </FilterField>
  )
}
