import { z } from 'zod'

import { isUuid } from '@/lib/ids'
import { errorCategoryByKey } from '@/lib/verifications/error-codes'

/*
 * The work queue's filters and cursor as the URL carries them (/queue?risk=High&age=7d&cursor=…).
 * Browser-safe: the page parses them, and filter links are built from them. A value the queue does
 * not know is dropped rather than refused: a bookmarked address keeps working.
 */

export const QUEUE_RISKS = ['High', 'Medium'] as const
export const QUEUE_EVENT_TYPES = ['AML_SCREENING', 'DOCVER'] as const
/** Minimum age of a record: older than a day, a week, a month. */
export const QUEUE_AGES = { '1d': 1, '7d': 7, '30d': 30 } as const
export const QUEUE_PAGE_SIZE = 50

export type QueueRisk = (typeof QUEUE_RISKS)[number]
export type QueueEventType = (typeof QUEUE_EVENT_TYPES)[number]
export type QueueAge = keyof typeof QUEUE_AGES

export type QueueFilters = {
  risk: QueueRisk | null
  eventType: QueueEventType | null
  webhookId: string | null
  age: QueueAge | null
  /** Records from this UTC day on, and up to this one included (YYYY-MM-DD): the analytics links. */
  from?: string | null
  to?: string | null
  /** Failed verifications with an error code in this category (lib/verifications/error-codes.ts). */
  error?: string | null
  environment?: 'live' | 'sandbox' | null
}

const first = (value: unknown): unknown => (Array.isArray(value) ? (value[0] as unknown) : value)
const oneOf = <T extends string>(values: readonly T[]) =>
  z
    .preprocess(
      first,
      z
        .enum(values as [T, ...T[]])
        .nullable()
        .catch(null),
    )
    .default(null)

const dayParam = z
  .preprocess(
    first,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)))
      .nullable()
      .catch(null),
  )
  .default(null)

export const queueParams = z.object({
  risk: oneOf(QUEUE_RISKS),
  event_type: oneOf(QUEUE_EVENT_TYPES),
  webhook_id: z
    .preprocess(
      first,
      z
        .string()
        .refine(isUuid)
        .transform((id) => id.toLowerCase())
        .nullable()
        .catch(null),
    )
    .default(null),
  age: oneOf(Object.keys(QUEUE_AGES) as QueueAge[]),
  cursor: z.preprocess(first, z.string().max(400).nullable().catch(null)).default(null),
  from: dayParam,
  to: dayParam,
  error: z
    .preprocess(
      first,
      z
        .string()
        .refine((key) => errorCategoryByKey(key) !== null)
        .nullable()
        .catch(null),
    )
    .default(null),
  env: oneOf(['live', 'sandbox'] as const),
})

export function parseQueueParams(search: Record<string, string | string[] | undefined>) {
  const parsed = queueParams.parse(search)
  const filters: QueueFilters = {
    risk: parsed.risk,
    eventType: parsed.event_type,
    webhookId: parsed.webhook_id,
    age: parsed.age,
    from: parsed.from,
    to: parsed.to,
    error: parsed.error,
    environment: parsed.env,
  }
  return { filters, cursor: parsed.cursor }
}

/** The query string of a queue address; empty filters are left out. */
export function queueSearchParams(filters: QueueFilters, cursor?: string | null) {
  const params = new URLSearchParams()
  if (filters.risk) params.set('risk', filters.risk)
  if (filters.eventType) params.set('event_type', filters.eventType)
  if (filters.webhookId) params.set('webhook_id', filters.webhookId)
  if (filters.age) params.set('age', filters.age)
  if (filters.from) params.set('from', filters.from)
  if (filters.to) params.set('to', filters.to)
  if (filters.error) params.set('error', filters.error)
  if (filters.environment) params.set('env', filters.environment)
  if (cursor) params.set('cursor', cursor)
  return params
}
