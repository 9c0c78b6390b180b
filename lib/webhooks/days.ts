import { parseTimestamp } from '@/lib/util/time'

/*
 * Day grouping in a given time zone. Formatters are costly to build and the timeline asks for
 * thousands of dates, so one of each kind is kept per zone.
 */
const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(kind: 'key' | 'time' | 'day', timeZone: string): Intl.DateTimeFormat {
  const cacheKey = `${kind}|${timeZone}`
  let format = formatters.get(cacheKey)
  if (!format) {
    const options: Record<typeof kind, Intl.DateTimeFormatOptions> = {
      // en-CA writes dates as YYYY-MM-DD, which sorts and compares as text.
      key: { year: 'numeric', month: '2-digit', day: '2-digit' },
      time: { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
      day: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
    }
    format = new Intl.DateTimeFormat(kind === 'key' ? 'en-CA' : 'en-GB', {
      ...options[kind],
      timeZone,
    })
    formatters.set(cacheKey, format)
  }
  return format
}

export const UNKNOWN_DAY = 'unknown'

/*
 * Every zone in use today is offset from UTC by a multiple of 15 minutes and changes offset on
 * such a boundary, so the local day is the same throughout an aligned 15-minute UTC interval:
 * one formatting per interval, remembered, makes regrouping after each loaded page nearly free.
 */
const INTERVAL_MS = 15 * 60_000
const dayByInterval = new Map<string, Map<number, string>>()

/** `2026-11-01`, the calendar day of the timestamp in the zone, or UNKNOWN_DAY. */
export function dayKey(timestamp: string | null | undefined, timeZone: string): string {
  const date = parseTimestamp(timestamp)
  if (!date) return UNKNOWN_DAY
  const interval = Math.floor(date.getTime() / INTERVAL_MS)
  let days = dayByInterval.get(timeZone)
  if (!days) dayByInterval.set(timeZone, (days = new Map<number, string>()))
  let key = days.get(interval)
  if (key === undefined) {
    key = formatter('key', timeZone).format(new Date(interval * INTERVAL_MS))
    days.set(interval, key)
  }
  return key
}

/** `Sun, 1 Nov 2026` for a day key. */
export function dayLabel(key: string): string {
  const [year, month, day] = key.split('-').map(Number)
  if (key === UNKNOWN_DAY || !year || !month || !day) return 'Unknown date'
  // Noon UTC of that calendar day, formatted in UTC, is that day whatever the analyst's zone.
  return formatter('day', 'UTC').format(new Date(Date.UTC(year, month - 1, day, 12)))
}

// Rows are mounted again each time they scroll back into view; a loaded record's time is
// formatted once per zone rather than on every mount.
const timeBySecond = new Map<string, Map<number, string>>()

/** `14:03:22` in the zone. */
export function timeOfDay(date: Date, timeZone: string): string {
  const second = Math.floor(date.getTime() / 1_000)
  let times = timeBySecond.get(timeZone)
  if (!times) timeBySecond.set(timeZone, (times = new Map<number, string>()))
  let text = times.get(second)
  if (text === undefined) {
    text = formatter('time', timeZone).format(date)
    times.set(second, text)
  }
  return text
}

type DayRow = { kind: 'day'; key: string; label: string; count: number }
export type TimelineRow<R> = DayRow | { kind: 'record'; record: R }

/**
 * Records with a day heading before each run of records on the same day. The order stays the
 * upstream's: a day that reappears further down gets a second heading rather than a re-sort.
 */
export function timelineRows<R extends { timestamp?: string | null }>(
  records: readonly R[],
  timeZone: string,
): TimelineRow<R>[] {
  const rows: TimelineRow<R>[] = []
  let heading = null as DayRow | null
  for (const record of records) {
    const key = dayKey(record.timestamp, timeZone)
    if (heading === null || heading.key !== key) {
      heading = { kind: 'day', key, label: dayLabel(key), count: 0 }
      rows.push(heading)
    }
    heading.count++
    rows.push({ kind: 'record', record })
  }
  return rows
}
