import { z } from 'zod'

import { isUuid } from '@/lib/util/ids'
import { errorCategoryByKey } from '@/lib/verifications/error-codes'

import { CASE_KINDS, CASE_STATES } from './rules'

/* The queue's case views and filters, as they are spelled in the URL: browser-safe. */

export const CASE_VIEWS = [
  'open',
  'mine',
  'unassigned',
  'due-today',
  'overdue',
  'escalated',
  'waiting',
  'awaiting-closure',
  'closed',
  'all',
] as const
export type CaseViewName = (typeof CASE_VIEWS)[number]

export const viewLabels: Record<CaseViewName, string> = {
  open: 'Open',
  mine: 'Mine',
  unassigned: 'Unassigned',
  'due-today': 'Due today',
  overdue: 'Overdue',
  escalated: 'Escalated',
  waiting: 'Waiting',
  'awaiting-closure': 'Awaiting closure',
  closed: 'Closed',
  all: 'All',
}

/** The view `/queue` opens on: every case not closed. */
export const DEFAULT_VIEW = 'open' satisfies CaseViewName

export const RISK_FILTERS = ['High', 'Medium'] as const
export const AGE_FILTERS = ['1', '3', '7', '30'] as const
export const CASE_SORTS = ['due', 'age'] as const
export const CASE_PAGE_SIZE = 50

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (value === '' || Array.isArray(value) ? undefined : value),
    schema.optional(),
  )

/*
 * Filters on the case's record, which analytics links set: lenient, a value the queue does not know
 * is dropped rather than refused, so a link from an older page keeps working.
 */
const lenient = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (Array.isArray(value) ? (value[0] as unknown) : value),
    schema.optional().catch(undefined),
  )
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)))

export const caseListParams = z.object({
  view: optional(
    z.enum(CASE_VIEWS, { error: `view must be one of ${CASE_VIEWS.join(', ')}` }),
  ).transform((v) => v ?? DEFAULT_VIEW),
  owner: optional(z.string().max(600)),
  risk: optional(z.enum(RISK_FILTERS, { error: 'risk must be High or Medium' })),
  kind: optional(z.enum(CASE_KINDS, { error: 'kind must be screening or failed_verification' })),
  state: optional(z.enum(CASE_STATES, { error: `state must be one of ${CASE_STATES.join(', ')}` })),
  age: optional(z.enum(AGE_FILTERS, { error: 'age must be 1, 3, 7 or 30 (days)' })),
  sort: optional(z.enum(CASE_SORTS, { error: 'sort must be due or age' })).transform(
    (v) => v ?? 'due',
  ),
  page: optional(z.coerce.number().int().min(1).max(10_000)).transform((v) => v ?? 1),
  webhook_id: lenient(
    z
      .string()
      .refine(isUuid)
      .transform((id) => id.toLowerCase()),
  ),
  /** Records from this UTC day on, and up to this one included (YYYY-MM-DD). */
  from: lenient(day),
  to: lenient(day),
  /** Failed verifications with an error code in this category (lib/verifications/error-codes.ts). */
  error: lenient(z.string().refine((key) => errorCategoryByKey(key) !== null)),
  env: lenient(z.enum(['live', 'sandbox'])),
  /** Set by Take next's form when no case was left to take. */
  taken: optional(z.enum(['none'])),
})
export type CaseListParams = z.infer<typeof caseListParams>

/** `/queue?view=...` with the filters that are set; the open view is `/queue` itself. */
export function queueHref(params: Partial<CaseListParams>) {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue
    if (key === 'page' && value === 1) continue
    if (key === 'view' && value === DEFAULT_VIEW) continue
    query.set(key, String(value))
  }
  const text = query.toString()
  return text ? `/queue?${text}` : '/queue'
}
