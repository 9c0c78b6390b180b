'use client'

import { useSyncExternalStore } from 'react'

import { formatRelative, formatUtc, parseTimestamp } from '@/lib/time'

/**
 * A point in time: relative by default ("3 days ago"), or the date and time in the analyst's zone;
 * the exact UTC time is always in the tooltip. The server renders UTC, and the browser switches to
 * its own zone and relative form after hydration, then keeps them current.
 */
export function Timestamp({
  value,
  mode = 'relative',
}: {
  value: string | number | Date | null | undefined
  mode?: 'relative' | 'absolute'
}) {
  const now = useNow()
  const date = parseTimestamp(value)
  if (!date) {
    return typeof value === 'string' && value ? (
      <span title="Not a recognised date">{value}</span>
    ) : (
      <span className="text-zinc-400">—</span>
    )
  }
  const exact = formatUtc(date)
  let text = exact
  if (now) text = mode === 'relative' ? formatRelative(date, now) : formatLocal(date)
  return (
    <time dateTime={date.toISOString()} title={exact} className="whitespace-nowrap">
      {text}
    </time>
  )
}

const local = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})

function formatLocal(date: Date) {
  return local.format(date)
}

/*
 * One shared clock for every timestamp on the page: a single interval, started by the first
 * subscriber. The server snapshot is null, so server and hydration renders agree.
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

/** The current time, refreshed every 30 s; null on the server and during hydration. */
export function useNow(): Date | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  )
}
