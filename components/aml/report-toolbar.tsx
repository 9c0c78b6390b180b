'use client'

import { useRef } from 'react'

import { Button } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { useEnteredBeforeHydration } from '@/components/ui/use-entered-before-hydration'
import type { Count } from '@/lib/aml/counts'
import {
  DEFAULT_VIEW,
  FITS,
  isFiltered,
  REVIEWS,
  type FitFilter,
  type ReportView,
  type ReviewFilter,
  type SortKey,
} from '@/lib/aml/view'

const sortLabels: Record<SortKey, string> = {
  match: 'Name match',
  importance: 'Importance',
  risk: 'Risk',
  conflicts: 'Conflicts first',
}

const fitLabels: Record<FitFilter, string> = {
  conflict: 'Conflicts',
  'no-conflict': 'No conflict',
}

const reviewLabels: Record<ReviewFilter, string> = {
  unreviewed: 'Unreviewed',
  awaiting_second: 'Awaiting second analyst',
  decided: 'Decided',
}

/** How many matches each review filter keeps, for the counts beside its options. */
export type ReviewCounts = { fit: Record<FitFilter, number>; review: Record<ReviewFilter, number> }

/** Sort and filter controls of the match list; the counts say how many each option keeps. */
export function ReportToolbar({
  view,
  onChange,
  risks,
  types,
  tags,
  reviewCounts,
  shown,
  total,
}: {
  view: ReportView
  onChange: (view: ReportView) => void
  risks: readonly Count[]
  types: readonly Count[]
  tags: readonly Count[]
  reviewCounts: ReviewCounts
  shown: number
  total: number
}) {
  return (
    <div className="no-print flex flex-wrap items-end gap-x-4 gap-y-2 text-sm">
      <LabelledSelect
        label="Sort by"
        value={view.sort}
        onChange={(sort) => onChange({ ...view, sort: sort as SortKey })}
      >
        {Object.entries(sortLabels).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </LabelledSelect>
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
      <Filter
        label="Facts"
        value={view.fit}
        counts={FITS.map((value) => ({ value, count: reviewCounts.fit[value] }))}
        labels={fitLabels}
        onChange={(fit) => onChange({ ...view, fit: fit as FitFilter | null })}
      />
      <Filter
        label="Review"
        value={view.review}
        counts={REVIEWS.map((value) => ({ value, count: reviewCounts.review[value] }))}
        labels={reviewLabels}
        onChange={(review) => onChange({ ...view, review: review as ReviewFilter | null })}
      />
      <p role="status" className="ml-auto text-xs text-muted">
        {shown === total
          ? `${total} ${total === 1 ? 'match' : 'matches'}`
          : `${shown} of ${total} matches`}
        {isFiltered(view) && (
          <Button
            onClick={() => onChange({ ...DEFAULT_VIEW, sort: view.sort })}
            variant="link"
            className="ml-2"
          >
            Clear filters
          </Button>
        )}
      </p>
    </div>
  )
}

function Filter({
  label,
  value,
  counts,
  labels,
  onChange,
}: {
  label: string
  value: string | null
  counts: readonly Count[]
  /** Words for option values that are keys rather than the upstream's own values. */
  labels?: Record<string, string>
  onChange: (value: string | null) => void
}) {
  return (
    <LabelledSelect label={label} value={value ?? ''} onChange={(next) => onChange(next || null)}>
      <option value="">All</option>
      {counts.map(({ value: option, count }) => (
        <option key={option} value={option}>
          {labels?.[option] ?? option} ({count})
        </option>
      ))}
    </LabelledSelect>
  )
}

function LabelledSelect({
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
    <label className="flex flex-col gap-0.5 text-xs text-muted">
      {label}
      <Select
        ref={ref}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        sunken
        className="text-zinc-900 dark:text-zinc-100"
      >
        {children}
      </Select>
    </label>
  )
}
