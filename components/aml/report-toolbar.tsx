'use client'

import { useRef } from 'react'

import { useEnteredBeforeHydration } from '@/components/ui/use-entered-before-hydration'
import type { Count } from '@/lib/aml/counts'
import { DEFAULT_VIEW, isFiltered, type ReportView, type SortKey } from '@/lib/aml/view'

const sortLabels: Record<SortKey, string> = {
  match: 'Name match',
  importance: 'Importance',
  risk: 'Risk',
}

/** Sort and filter controls of the match list; the counts say how many each option keeps. */
export function ReportToolbar({
  view,
  onChange,
  risks,
  types,
  tags,
  shown,
  total,
}: {
  view: ReportView
  onChange: (view: ReportView) => void
  risks: readonly Count[]
  types: readonly Count[]
  tags: readonly Count[]
  shown: number
  total: number
}) {
  return (
    <div className="no-print flex flex-wrap items-end gap-x-4 gap-y-2 text-sm">
      <Select
        label="Sort by"
        value={view.sort}
        onChange={(sort) => onChange({ ...view, sort: sort as SortKey })}
      >
        {Object.entries(sortLabels).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </Select>
      <Filter
        label="Risk"
        value={view.risk}
        counts={risks}
        onChange={(risk) => onChange({ ...view, risk })}
      />
      <Filter
        label="Type"
        value={view.type}
        counts={types}
        onChange={(type) => onChange({ ...view, type })}
      />
      <Filter
        label="Tag"
        value={view.tag}
        counts={tags}
        onChange={(tag) => onChange({ ...view, tag })}
      />
      <p role="status" className="ml-auto text-xs text-zinc-600 dark:text-zinc-400">
        {shown === total
          ? `${total} ${total === 1 ? 'match' : 'matches'}`
          : `${shown} of ${total} matches`}
        {isFiltered(view) && (
          <button
            type="button"
            onClick={() => onChange({ ...DEFAULT_VIEW, sort: view.sort })}
            className="ml-2 font-medium text-blue-700 hover:underline dark:text-blue-300"
          >
            Clear filters
          </button>
        )}
      </p>
    </div>
  )
}

function Filter({
  label,
  value,
  counts,
  onChange,
}: {
  label: string
  value: string | null
  counts: readonly Count[]
  onChange: (value: string | null) => void
}) {
  return (
    <Select label={label} value={value ?? ''} onChange={(next) => onChange(next || null)}>
      <option value="">All</option>
      {counts.map(({ value: option, count }) => (
        <option key={option} value={option}>
          {option} ({count})
        </option>
      ))}
    </Select>
  )
}

function Select({
  label,
  value,
  onChange,
  children,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  children: React.ReactNode
}) {
  const ref = useRef<HTMLSelectElement>(null)
  useEnteredBeforeHydration(ref, value, onChange)
  return (
    <label className="flex flex-col gap-0.5 text-xs text-zinc-600 dark:text-zinc-400">
      {label}
      <select
        ref={ref}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="rounded border border-zinc-300 bg-white px-2 py-1 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100"
      >
        {children}
      </select>
    </label>
  )
}
