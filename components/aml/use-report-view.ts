'use client'

import { usePathname, useSearchParams } from 'next/navigation'
import { useCallback, useMemo } from 'react'

import {
  parseReportView,
  reportViewSearch,
  type FilterOptions,
  type ReportView,
} from '@/lib/aml/view'

/**
 * Sort and filters, read from and written to the URL without a history entry or a scroll.
 * `history.replaceState` rather than `router.replace`: Next syncs it into `useSearchParams`, and
 * it skips the server round trip a router navigation makes, which would re-send the whole report
 * (megabytes for a big one) on every change of a filter.
 */
export function useReportView(options: FilterOptions) {
  const searchParams = useSearchParams()
  const pathname = usePathname()
  const view = useMemo(() => parseReportView(searchParams, options), [searchParams, options])
  const setView = useCallback(
    (next: ReportView, hash = '') => {
      window.history.replaceState(null, '', `${pathname}${reportViewSearch(next)}${hash}`)
    },
    [pathname],
  )
  return [view, setView] as const
}
