'use client'

import { useEffect } from 'react'

import { rememberRecent, type RecentRecord } from '@/lib/recent/recent-records'

/**
 * Rendered by a record page only once the server has read the record (an unknown id answers 404
 * instead), so a typo is never offered again as a recent record.
 */
export function RememberRecent({ kind, id }: RecentRecord) {
  useEffect(() => rememberRecent({ kind, id }), [kind, id])
  return null
}
