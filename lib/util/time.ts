/** Dates and times, shared by every page. Analysts read UTC in tooltips and relative times inline. */

/**
 * An integer timestamp whose unit the upstream does not state (`updated_at`, `published_at`).
 * Below 1e11 it is read as seconds (1e11 s is the year 5138), otherwise as milliseconds
 * (1e11 ms is 1973), which covers every plausible date in either unit.
 */
export function epochToDate(value: number | null | undefined): Date | null {
  if (value === null || value === undefined || !Number.isFinite(value) || value < 0) return null
  return new Date(value < 1e11 ? value * 1_000 : value)
}

export function parseTimestamp(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value
  if (typeof value === 'number') return epochToDate(value)
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

const pad = (n: number) => String(n).padStart(2, '0')

/** `2026-11-01 14:03:22 UTC`: unambiguous and sortable, for tooltips and exports. */
export function formatUtc(date: Date): string {
  return (
    `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} UTC`
  )
}

/** `2026-11-01`, for date-only values such as dates of birth. */
export function formatUtcDate(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
  ['second', 1_000],
]

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })

/** `3 days ago`, `in 2 hours`. */
export function formatRelative(date: Date, now: Date): string {
  const diff = date.getTime() - now.getTime()
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms || unit === 'second')
      return relative.format(Math.round(diff / ms), unit)
  }
  return relative.format(0, 'second')
}

/** `2 h 05 min`, `3 d 4 h`: a remaining duration, for countdowns. */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000))
  const days = Math.floor(minutes / 1440)
  const hours = Math.floor((minutes % 1440) / 60)
  const mins = minutes % 60
  if (days > 0) return `${days} d ${hours} h`
  if (hours > 0) return `${hours} h ${pad(mins)} min`
  return `${mins} min`
}

/** `4 hours`, `3 days`, `90 minutes`: a configured length of time such as a link's expiry. */
export function formatMinutes(minutes: number): string {
  if (minutes % 1440 === 0) return plural(minutes / 1440, 'day')
  if (minutes % 60 === 0) return plural(minutes / 60, 'hour')
  return plural(minutes, 'minute')
}

function plural(n: number, unit: string) {
  return `${n} ${unit}${n === 1 ? '' : 's'}`
}
