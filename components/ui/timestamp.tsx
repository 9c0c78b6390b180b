'use client'

import { use, useSyncExternalStore } from 'react'

import { NoValue } from '@/components/ui/no-value'
import { ServerNowContext } from '@/components/ui/server-now'
import { storageStore } from '@/lib/util/local-storage'
import { formatRelative, formatUtc, parseTimestamp } from '@/lib/util/time'

/**
 * A point in time: relative by default ("3 days ago"), or the date and time in the zone the
 * analyst chose (their own or UTC, see `useTimeZoneChoice`); the exact time is always in the
 * tooltip, in UTC and, when the choice is local, in the local zone too. The server renders the
 * relative form from its own clock (`ServerNowProvider`) and absolute times in UTC; the browser
 * switches to the chosen zone after hydration and keeps the relative form current.
 */
export function Timestamp({
  value,
  mode = 'relative',
}: {
  value: string | number | Date | null | undefined
  mode?: 'relative' | 'absolute'
}) {
  const now = useNow()
  const zone = useTimeZoneChoice()
  const date = parseTimestamp(value)
  if (!date) {
    return typeof value === 'string' && value ? (
      <span title="Not a recognised date">{value}</span>
    ) : (
      <NoValue />
    )
  }
  const utc = formatUtc(date)
  const local = zone === 'local'
  let text = utc
  if (now) {
    if (mode === 'relative') text = formatRelative(date, now)
    else text = local ? localShort.format(date) : utc.slice(0, -7) + ' UTC'
  }
  const title = now && local ? `${localExact.format(date)}\n${utc}` : utc
  return (
    <time dateTime={date.toISOString()} title={title} className="whitespace-nowrap">
      {text}
    </time>
  )
}

const localShort = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})

const localExact = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
})

export type TimeZoneChoice = 'local' | 'utc'

const zoneStore = storageStore('verity:time-zone')
const readZone = (): TimeZoneChoice => (zoneStore.read() === 'utc' ? 'utc' : 'local')

/** Shows every time on the page in the analyst's zone or in UTC; kept in this browser. */
export function setTimeZoneChoice(choice: TimeZoneChoice) {
  zoneStore.write(choice)
}

/** The analyst's zone choice; null on the server and during hydration, which render UTC. */
export function useTimeZoneChoice(): TimeZoneChoice | null {
  return useSyncExternalStore(zoneStore.subscribe, readZone, () => null)
}

/*
 * One shared clock for every timestamp on the page: a single interval, started by the first
 * subscriber. The server snapshot is the server's render time (null without a provider), so server
 * and hydration renders agree.
 */
let current: Date | null = null
const listeners = new Set<() => void>()
let timer: ReturnType<typeof setInterval> | undefined

function subscribe(listener: () => void) {
  listeners.add(listener)
  if (!timer) {
    current = new Date()
    timer = setInterval(() => {
      current = new Date()
      listeners.forEach((notify) => notify())
    }, 30_000)
  }
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0 && timer) {
      clearInterval(timer)
      timer = undefined
    }
  }
}

/** The current time, refreshed every 30 s; the server's render time on the server and during hydration. */
export function useNow(): Date | null {
  const serverNow = use(ServerNowContext)
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => serverNow,
  )
}
