import { z } from 'zod'

import { isUuid } from '@/lib/util/ids'

/*
 * The /analytics address: a period (the last 7, 30 or 90 days, or a from–to range of whole UTC
 * days) and filters (webhook, live or sandbox). Browser-safe: the page parses it, and the chart
 * links and CSV addresses are built from it. Unlike the queue, a bad value is refused with a
 * message: a figure shown for a period other than the one asked for would mislead.
 */

export const PERIOD_DAYS = ['7', '30', '90'] as const
export const ENVIRONMENTS = ['live', 'sandbox'] as const
/** The longest from–to range: a year and a day, so a leap year fits. */
export const MAX_RANGE_DAYS = 367

export type Environment = (typeof ENVIRONMENTS)[number]

export type AnalyticsParams = {
  /** Set for the last N days; null for a from–to range. */
  days: 7 | 30 | 90 | null
  /** First day, YYYY-MM-DD (UTC). */
  from: string
  /** Last day, YYYY-MM-DD (UTC), included. */
  to: string
  webhookId: string | null
  environment: Environment | null
}

export type AnalyticsRange = {
  params: AnalyticsParams
  /** Start of the first day. */
  start: Date
  /** Start of the day after the last: the period is [start, end). */
  end: Date
}

const DAY_MS = 86_400_000
const DAY = /^\d{4}-\d{2}-\d{2}$/

const first = (value: unknown): unknown => (Array.isArray(value) ? (value[0] as unknown) : value)
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    const one = first(value)
    return one === '' ? undefined : one
  }, schema.optional())

const day = (name: string) =>
  z
    .string()
    .regex(DAY, `${name} must be a date written YYYY-MM-DD`)
    .refine((text) => dayStart(text) !== null, `${name} is not a calendar date`)

const schema = z
  .object({
    period: optional(z.enum(PERIOD_DAYS, { error: 'period must be 7, 30 or 90 (days)' })),
    from: optional(day('from')),
    to: optional(day('to')),
    webhook_id: optional(
      z
        .string()
        .refine(isUuid, 'webhook_id must be a webhook id (a UUID)')
        .transform((id) => id.toLowerCase()),
    ),
    env: optional(z.enum(ENVIRONMENTS, { error: 'env must be live or sandbox' })),
  })
  .superRefine((value, context) => {
    if (value.period && (value.from || value.to)) {
      context.addIssue({ code: 'custom', message: 'Give either a period or from and to, not both' })
    } else if (!value.from !== !value.to) {
      context.addIssue({ code: 'custom', message: 'A range needs both from and to' })
    } else if (value.from && value.to) {
      const from = dayStart(value.from)
      const to = dayStart(value.to)
      // A date that is not one is already refused above.
      if (from === null || to === null) return
      const days = (to - from) / DAY_MS + 1
      if (days < 1) context.addIssue({ code: 'custom', message: 'from must not be after to' })
      if (days > MAX_RANGE_DAYS)
        context.addIssue({
          code: 'custom',
          message: `A range can be at most ${MAX_RANGE_DAYS} days long`,
        })
    }
  })

function dayStart(text: string): number | null {
  if (!DAY.test(text)) return null
  const time = Date.parse(`${text}T00:00:00Z`)
  // Date.parse rolls 2026-02-30 over into March; a real date prints back as it was written.
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== text ? null : time
}

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10)

export type ParsedAnalytics =
  | { ok: true; range: AnalyticsRange }
  | { ok: false; problems: string[] }

/** The period and filters of an address, measured from `now` for the last N days. */
export function parseAnalyticsParams(
  search: Record<string, string | string[] | undefined>,
  now: Date = new Date(),
): ParsedAnalytics {
  const parsed = schema.safeParse(search)
  if (!parsed.success) return { ok: false, problems: parsed.error.issues.map((i) => i.message) }
  const value = parsed.data
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  let days: AnalyticsParams['days'] = null
  let from: string
  let to: string
  if (value.from && value.to) {
    from = value.from
    to = value.to
  } else {
    days = Number(value.period ?? '30') as 7 | 30 | 90
    from = isoDay(today - (days - 1) * DAY_MS)
    to = isoDay(today)
  }
  const params: AnalyticsParams = {
    days,
    from,
    to,
    webhookId: value.webhook_id ?? null,
    environment: value.env ?? null,
  }
  return { ok: true, range: rangeOf(params) }
}

export function rangeOf(params: AnalyticsParams): AnalyticsRange {
  const start = dayStart(params.from)!
  return { params, start: new Date(start), end: new Date(dayStart(params.to)! + DAY_MS) }
}

/** The query string of an analytics address; the last-30-days default is left out. */
export function analyticsSearchParams(params: AnalyticsParams) {
  const query = new URLSearchParams()
  if (params.days === null) {
    query.set('from', params.from)
    query.set('to', params.to)
  } else if (params.days !== 30) {
    query.set('period', String(params.days))
  }
  if (params.webhookId) query.set('webhook_id', params.webhookId)
  if (params.environment) query.set('env', params.environment)
  return query
}

export function analyticsPath(params?: AnalyticsParams) {
  const text = params ? analyticsSearchParams(params).toString() : ''
  return text ? `/analytics?${text}` : '/analytics'
}

/** Every chart's key, as the CSV address and the file name spell it. */
export const CHART_KEYS = [
  'verifications',
  'failure-reasons',
  'error-codes',
  'screenings',
  'decisions',
  'carry-over',
  'review-times',
  'open-cases',
  'deadlines',
  'analysts',
  'qa',
] as const
export type ChartKey = (typeof CHART_KEYS)[number]

/** The CSV of one chart (or of the whole page, `chart` left out), for the same period and filters. */
export function analyticsCsvPath(params: AnalyticsParams, chart?: ChartKey) {
  const query = analyticsSearchParams(params)
  if (chart) query.set('chart', chart)
  const text = query.toString()
  return text ? `/analytics/csv?${text}` : '/analytics/csv'
}

/** The file name: what it holds and the period, e.g. verity-analytics-screenings-2026-10-27-to-2026-11-25.csv. */
export function csvFileName(params: AnalyticsParams, chart?: ChartKey) {
  return `verity-analytics-${chart ?? 'all'}-${params.from}-to-${params.to}.csv`
}
