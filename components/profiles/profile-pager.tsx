'use client'

import { useRef, type MouseEvent, type ReactNode } from 'react'

import { Select } from '@/components/ui/select'
import { useEnteredBeforeHydration } from '@/components/ui/use-entered-before-hydration'
import {
  PAGE_SIZES,
  isPageSize,
  pageAfterResize,
  type ProfileListParams,
} from '@/lib/profiles/list-params'
import { profileListPath } from '@/lib/routes'

/**
 * First / Previous / Next controls and the page size. The upstream gives no total, so `hasNext`
 * decides whether Next is offered. Controls are real links (open in a new tab works); a plain
 * click is handed to `onNavigate` so the page can move without a server round trip, and pointing at
 * or focusing a link tells `onIntent` which page may come next.
 */
export function ProfilePager({
  page,
  limit,
  hasNext,
  onNavigate,
  onIntent,
  label = 'Pages',
}: ProfileListParams & {
  hasNext: boolean
  onNavigate: (to: ProfileListParams) => void
  onIntent: (to: ProfileListParams) => void
  label?: string
}) {
  const sizeRef = useRef<HTMLSelectElement>(null)
  useEnteredBeforeHydration(sizeRef, String(limit), resize)

  function resize(value: string) {
    const next = Number(value)
    if (isPageSize(next)) onNavigate({ page: pageAfterResize(page, limit, next), limit: next })
  }

  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
      <div className="flex items-center gap-1">
        <PageLink
          to={{ page: 1, limit }}
          enabled={page > 1}
          onNavigate={onNavigate}
          onIntent={onIntent}
        >
          First
        </PageLink>
        <PageLink
          to={{ page: page - 1, limit }}
          enabled={page > 1}
          onNavigate={onNavigate}
          onIntent={onIntent}
        >
          ← Previous
        </PageLink>
        <span aria-current="page" className="px-2 font-medium tabular-nums">
          Page {page}
        </span>
        <PageLink
          to={{ page: page + 1, limit }}
          enabled={hasNext}
          onNavigate={onNavigate}
          onIntent={onIntent}
        >
          Next →
        </PageLink>
      </div>
      <label className="flex items-center gap-1.5 text-muted">
        Rows per page
        <Select
          ref={sizeRef}
          value={limit}
          onChange={(event) => resize(event.target.value)}
          sunken
          padded={false}
          className="px-1.5 py-0.5 text-sm text-zinc-900 dark:text-zinc-100"
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </Select>
      </label>
    </nav>
  )
}

function PageLink({
  to,
  enabled,
  onNavigate,
  onIntent,
  children,
}: {
  to: ProfileListParams
  enabled: boolean
  onNavigate: (to: ProfileListParams) => void
  onIntent: (to: ProfileListParams) => void
  children: ReactNode
}) {
  const base = 'rounded border px-2 py-0.5'
  if (!enabled) {
    return (
      <span aria-disabled="true" className={`${base} border-line text-zinc-400 dark:text-zinc-600`}>
        {children}
      </span>
    )
  }
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return
    event.preventDefault()
    onNavigate(to)
  }
  return (
    <a
      href={profileListPath(to)}
      onClick={onClick}
      onPointerEnter={() => onIntent(to)}
      onFocus={() => onIntent(to)}
      onTouchStart={() => onIntent(to)}
      className={`${base} border-control bg-surface hover:bg-subtle`}
    >
      {children}
    </a>
  )
}
