'use client'

import { useId } from 'react'

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
      <label htmlFor={id} className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
        Event type <span className="font-normal">(loaded records)</span>
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-8 rounded border border-zinc-300 bg-white px-2 text-xs dark:border-zinc-700 dark:bg-zinc-900"
      >
        <option value="">All types</option>
        {types.map((type) => (
          <option key={type} value={type}>
            {type} · {counts.get(type) ?? 0}
          </option>
        ))}
      </select>
    </div>
  )
}
