import type { DateRange } from '@/lib/upstream/schemas'
import { countryLabel } from '@/lib/util/countries'
import { formatUtcDate, parseTimestamp } from '@/lib/util/time'

/**
 * The day of an ISO-8601 date-time, else the upstream's own text. Only ISO forms are parsed:
 * engines read loose text such as "circa 1960" as a precise date.
 */
function day(value: string | null | undefined): string | null {
  if (!value) return null
  const date = /^\d{4}-\d{2}-\d{2}/.test(value) ? parseTimestamp(value) : null
  return date ? formatUtcDate(date) : value
}

/**
 * `1961-03-14` when both ends fall on one day, `1961-01-01 – 1961-12-31` for a span (a year of
 * birth is often all that is known), `from …`/`until …` for an open end; null when empty.
 */
export function formatDateRange(range: DateRange | null | undefined): string | null {
  const from = day(range?.gte)
  const to = day(range?.lte)
  if (from && to) return from === to ? from : `${from} – ${to}`
  if (from) return `from ${from}`
  if (to) return `until ${to}`
  return null
}

type Place = {
  address?: string | null
  city?: string | null
  region?: string | null
  postal_code?: string | null
  country?: string | null
}

/** `12 Baker Street, 10115 London, Greater London, United Kingdom (GB)`: the parts present, in postal order. */
export function formatPlace(place: Place): string {
  const city = [place.postal_code, place.city].filter(Boolean).join(' ')
  return [place.address, city, place.region, countryLabel(place.country)].filter(Boolean).join(', ')
}

type Sentiment = 'negative' | 'neutral' | 'positive'

/**
 * The scale of `sentiment` is undocumented (the simulator uses −1…1); a small band around zero
 * reads as neutral so that 0.02 does not pass for a positive article.
 */
export function sentimentLabel(value: number): Sentiment {
  if (value <= -0.1) return 'negative'
  if (value >= 0.1) return 'positive'
  return 'neutral'
}

/** Scores with an undocumented scale: at most two decimals, no trailing zeros. */
export function formatScore(value: number): string {
  return String(Math.round(value * 100) / 100)
}
