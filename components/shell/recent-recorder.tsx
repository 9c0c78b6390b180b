'use client'

import { useQueryClient } from '@tanstack/react-query'
import { usePathname, useSearchParams } from 'next/navigation'
import { useEffect } from 'react'

import { recentFromLocation, recentQueryKey } from '@/lib/recent/from-location'
import { rememberRecent } from '@/lib/recent/recent-records'

/** Remembers the record on screen once its data has loaded, however the analyst got there. */
export function RecentRecorder() {
  const pathname = usePathname()
  const webhookId = useSearchParams().get('webhook_id')
  const queryClient = useQueryClient()

  useEffect(() => {
    const record = recentFromLocation(pathname, webhookId)
    if (!record) return
    const queryKey = recentQueryKey(record)
    let done = false
    const check = () => {
      if (done || queryClient.getQueryState(queryKey)?.status !== 'success') return
      done = true
      rememberRecent(record)
    }
    const unsubscribe = queryClient.getQueryCache().subscribe(check)
    check()
    return unsubscribe
  }, [pathname, webhookId, queryClient])

  return null
}
