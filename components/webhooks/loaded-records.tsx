'use client'

import { createContext, useContext, type ReactNode } from 'react'

import type { Projected } from '@/lib/projection/projected'
import type { WebhookRecord } from '@/lib/upstream/schemas'

/*
 * The history records loaded in the browser, newest first, for the parts of an expanded record
 * that look at the others (the applicant's previous screening). A context, so the rows between do
 * not re-render when a page loads.
 */
const LoadedRecords = createContext<readonly Projected<WebhookRecord>[]>([])

export function LoadedRecordsProvider({
  records,
  children,
}: {
  records: readonly Projected<WebhookRecord>[]
  children: ReactNode
}) {
  return <LoadedRecords value={records}>{children}</LoadedRecords>
}

export function useLoadedRecords() {
  return useContext(LoadedRecords)
}
