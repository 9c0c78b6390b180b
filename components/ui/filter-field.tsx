import type { ReactNode } from 'react'

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
