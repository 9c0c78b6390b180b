/*
 * Dates of birth as inclusive ISO day ranges. Upstream bounds come at any precision (`1961`,
 * `1961-05`, `1961-05-04`, a date-time): a lower bound takes the first day of its period, an upper
 * bound the last, so "born 1961" is 1961-01-01..1961-12-31. A missing side is open.
 */

type DayRange = { from: string; to: string }

/** Sentinels of an open side; they compare correctly as strings with any real date. */
export const OPEN_FROM = '0000-01-01'
export const OPEN_TO = '9999-12-31'

const BOUND = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:[T ].*)?)?)?$/

/** One bound of a range, or null when it is not a date at any precision. */
function parseBound(value: string, side: 'from' | 'to'): string | null {
  const found = BOUND.exec(value.trim())
  if (!found) return null
  const [, year = '', month, day] = found
  return periodBound(Number(year), month ? Number(month) : null, day ? Number(day) : null, side)
}

/**
 * A `gte`/`lte` pair as a range: null when both sides are missing, when a present side does not
 * parse (a half-read range could claim an overlap that the source does not), or when it is reversed.
 */
export function parseRange(
  gte: string | null | undefined,
  lte: string | null | undefined,
): DayRange | null {
  const low = gte?.trim()
  const high = lte?.trim()
  if (!low && !high) return null
  const from = low ? parseBound(low, 'from') : OPEN_FROM
  const to = high ? parseBound(high, 'to') : OPEN_TO
  if (!from || !to || from > to) return null
  return { from, to }
}

const DAY_FIRST = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/
const COMPACT = /^(\d{4})(\d{2})(\d{2})$/
const YEAR_FIRST_SLASH = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/

/**
 * A date of birth typed into a form: ISO at any precision, `YYYYMMDD`, `YYYY/MM/DD`, or day first
 * (`04.05.1961`, `04-05-1961`). With slashes, `04/05/1961` may be either order: unless one number
 * exceeds 12 (or both are equal) only the year is certain, so the range is the whole year.
 */
export function parseTypedDate(value: string | null | undefined): DayRange | null {
  const text = value?.trim() ?? ''
  if (!text) return null
  const iso = parseRange(text, text)
  if (iso) return iso
  const compact = COMPACT.exec(text) ?? YEAR_FIRST_SLASH.exec(text)
  if (compact) {
    const [, year = '', month = '', day = ''] = compact
    return exactDay(Number(year), Number(month), Number(day))
  }
  const dayFirst = DAY_FIRST.exec(text)
  if (!dayFirst) return null
  const [, a = '', b = '', yearText = ''] = dayFirst
  const first = Number(a)
  const second = Number(b)
  const year = Number(yearText)
  if (!text.includes('/') || first > 12 || first === second) return exactDay(year, second, first)
  if (second > 12) return exactDay(year, first, second)
  return exactDay(year, second, first) && exactDay(year, first, second)
    ? { from: `${yearText}-01-01`, to: `${yearText}-12-31` }
    : null
}

export function overlaps(a: DayRange, b: DayRange): boolean {
  return a.from <= b.to && b.from <= a.to
}

export function contains(outer: DayRange, inner: DayRange): boolean {
  return outer.from <= inner.from && inner.to <= outer.to
}

/** Years only (`1985`, `1980–1985`, `1980 or later`): a full date of birth never leaves the server. */
export function rangeYears(range: DayRange): string {
  const from = range.from === OPEN_FROM ? null : range.from.slice(0, 4)
  const to = range.to === OPEN_TO ? null : range.to.slice(0, 4)
  if (from && to) return from === to ? from : `${from}–${to}`
  if (from) return `${from} or later`
  return to ? `${to} or earlier` : 'any year'
}

function exactDay(year: number, month: number, day: number): DayRange | null {
  const from = periodBound(year, month, day, 'from')
  return from ? { from, to: from } : null
}

function periodBound(
  year: number,
  month: number | null,
  day: number | null,
  side: 'from' | 'to',
): string | null {
  if (year < 1000 || (month !== null && (month < 1 || month > 12))) return null
  const lastMonth = month ?? (side === 'from' ? 1 : 12)
  const daysInMonth = new Date(Date.UTC(year, lastMonth, 0)).getUTCDate()
  if (day !== null && (day < 1 || day > daysInMonth)) return null
  const lastDay = day ?? (side === 'from' ? 1 : daysInMonth)
  return `${String(year).padStart(4, '0')}-${pad(lastMonth)}-${pad(lastDay)}`
}

function pad(value: number): string {
  return String(value).padStart(2, '0')
}
