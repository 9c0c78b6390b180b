'use client'

import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/** The browser's time zone; null on the server and during hydration, which have none. */
export function useTimeZone(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    () => null,
  )
}
