'use client'

import { createContext, useMemo, type ReactNode } from 'react'

/**
 * The time the server rendered the page. Timestamps and countdowns render from it on the server
 * and through hydration, so the first HTML already says "3 weeks ago" and nothing changes width
 * (a layout shift) when the browser's own clock takes over.
 */
export const ServerNowContext = createContext<Date | null>(null)

export function ServerNowProvider({ now, children }: { now: string; children: ReactNode }) {
  const date = useMemo(() => new Date(now), [now])
  return <ServerNowContext value={date}>{children}</ServerNowContext>
}
