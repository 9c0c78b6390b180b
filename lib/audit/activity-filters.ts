import { z } from 'zod'

import type { ActivityFilters } from './activity-query'
import type { AuditAction } from './chain'

/*
 * The filters of the activity list, read from the URL. A value that does not parse is dropped
 * (the list then shows more, never an error page), and ids are held to the same pattern as the
 * ids the trail records.
 */

const ACTIVITY_ACTIONS = [
  'view',
  'reveal',
  'export',
  'decide',
  'note',
  'sign_in',
  'sign_in_refused',
  'sign_out',
  'session_expired',
  'case',
  'notify',
  'report',
  'retention',
] as const satisfies readonly AuditAction[]

// Every resource type an audit row names: the reads of lib/upstream/reads.ts, a webhook record (a
// reveal from the history), a session, the activity page itself, a case and a notification.
const ACTIVITY_RECORD_TYPES = [
  'profile',
  'profile_list',
  'verification',
  'aml_search',
  'webhook_history',
  'webhook',
  'session',
  'activity',
  'case',
  'notification',
] as const

const first = (value: unknown) => (Array.isArray(value) ? (value[0] as unknown) : value)
const text = (schema: z.ZodType<string>) =>
  z.preprocess(
    (value) =>
      typeof first(value) === 'string' ? (first(value) as string).trim() || undefined : undefined,
    schema.optional().catch(undefined),
  )
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(value)))

const activityFiltersSchema = z.object({
  analyst: text(z.string().max(200)),
  action: text(z.enum(ACTIVITY_ACTIONS)),
  type: text(z.enum(ACTIVITY_RECORD_TYPES)),
  id: text(z.string().regex(/^[A-Za-z0-9_.:=,-]{1,80}$/)),
  from: text(day),
  to: text(day),
  page: z.preprocess(
    (value) => first(value),
    z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  ),
})

export function parseActivityFilters(
  params: Record<string, string | string[] | undefined>,
): ActivityFilters {
  return activityFiltersSchema.parse(params)
}
