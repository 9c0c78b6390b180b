'use client'

import { useLinkStatus } from 'next/link'

/*
 * While a clicked link's page is read on the server (record pages wait for their data so an
 * unknown id can answer 404), a thin bar at the top of the window says the click was taken.
 */
export function LinkPending() {
  const { pending } = useLinkStatus()
  if (!pending) return null
  return (
    <span
      aria-hidden="true"
      data-link-pending=""
      className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-blue-600 dark:bg-blue-400"
    />
  )
}
