'use client'

import { useId } from 'react'

import { Select } from '@/components/ui/select'

/** Narrows the loaded records to one event type; it never asks the service. */
export function EventTypeSelect({
  value,
  onChange,
  counts,
}: {
  value: string
  onChange: (value: string) => void
  counts: ReadonlyMap<string, number>
}) {
  const id = useId()
  const types = [...counts.keys()].sort()
  if (value && !counts.has(value)) types.push(value)
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted">
        Event type <span className="font-normal">(loaded records)</span>
      </label>
      <Select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        padded={false}
        className="h-8 px-2 text-xs"
      >
        <option value="">All types</option>
        {types.map((type) => (
          <option key={type} value={type}>
            {type} · {counts.get(type) ?? 0}
          </option>
        ))}
      </Select>
    </div>
  )
}
