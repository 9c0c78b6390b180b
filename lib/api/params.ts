import { z } from 'zod'

import { isShortId, isUuid } from '@/lib/util/ids'

/** Parameters of the route handlers, checked before any upstream call, with messages for people. */

const whole = (name: string) =>
  z.coerce.number({ error: `${name} must be a whole number` }).int(`${name} must be a whole number`)

export const profileListParams = z.object({
  page: whole('page').min(0, 'page must be 0 or more').max(100_000, 'page is too large').default(0),
  limit: whole('limit')
    .min(1, 'limit must be between 1 and 100')
    .max(100, 'limit must be between 1 and 100')
    .default(10),
})

const uuid = (name: string) =>
  z.string().refine(isUuid, `${name} must be a UUID (8-4-4-4-12 hexadecimal digits)`)

export const profileIdParam = uuid('profile_id')
export const amlSearchIdParam = uuid('id')
export const shortIdParam = z
  .string()
  .refine(isShortId, 'short_id must be 1 to 64 letters, digits, "-" or "_"')

export const webhookHistoryParams = z.object({
  after: uuid('after').optional(),
  webhook_id: uuid('webhook_id').optional(),
})

/** A record opened on the timeline: its id, and the cursor and filter of the page that listed it. */
export const webhookRecordParams = webhookHistoryParams.extend({ id: uuid('id') })

/** Search params as a plain object: empty values count as absent, and a repeated key only once. */
export function searchParamsObject(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of params) if (value !== '' && !(key in out)) out[key] = value
  return out
}

export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'invalid parameter'
}
