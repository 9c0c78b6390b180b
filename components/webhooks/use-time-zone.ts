'use client'

import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

let zone: string | undefined
// Read once: React asks for the snapshot on every render, and building a DateTimeFormat to answer
// is costly enough to show while scrolling thousands of records.
const browserZone = () => (zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone)

/** The browser's time zone; null on the server and during hydration, which have none. */
export function useTimeZone(): string | null {
  return useSyncExternalStore(subscribe, browserZone, () => null)
}
