import { z } from 'zod'

import { queueParams } from '@/lib/queue/params'

import { CASE_STATES } from './rules'

/* The queue's case views and filters, as they are spelled in the URL: browser-safe. */

export const CASE_VIEWS = [
  'mine',
  'unassigned',
  'due-today',
  'overdue',
  'escalated',
  'waiting',
  'closed',
  'all',
] as const
export type CaseViewName = (typeof CASE_VIEWS)[number]

export const viewLabels: Record<CaseViewName, string> = {
  mine: 'Mine',
  unassigned: 'Unassigned',
  'due-today': 'Due today',
  overdue: 'Overdue',
  escalated: 'Escalated',
  waiting: 'Waiting',
  closed: 'Closed',
  all: 'All',
}

export const RISK_FILTERS = ['High', 'Medium', 'failed_verification'] as const
export const AGE_FILTERS = ['1', '3', '7', '30'] as const
export const CASE_SORTS = ['due', 'age'] as const
export const CASE_PAGE_SIZE = 50

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (value === '' || Array.isArray(value) ? undefined : value),
    schema.optional(),
  )

export const caseListParams = z.object({
  view: optional(
    z.enum(CASE_VIEWS, { error: `view must be one of ${CASE_VIEWS.join(', ')}` }),
  ).transform((v) => v ?? 'mine'),
  owner: optional(z.string().max(600)),
  risk: optional(
    z.enum(RISK_FILTERS, { error: 'risk must be High, Medium or failed_verification' }),
  ),
  state: optional(z.enum(CASE_STATES, { error: `state must be one of ${CASE_STATES.join(', ')}` })),
  age: optional(z.enum(AGE_FILTERS, { error: 'age must be 1, 3, 7 or 30 (days)' })),
  sort: optional(z.enum(CASE_SORTS, { error: 'sort must be due or age' })).transform(
    (v) => v ?? 'due',
  ),
  page: optional(z.coerce.number().int().min(1).max(10_000)).transform((v) => v ?? 1),
  // The records list's filters, on the case's record, as lenient as there (lib/queue/params.ts).
  webhook_id: queueParams.shape.webhook_id.optional(),
  from: queueParams.shape.from.optional(),
  to: queueParams.shape.to.optional(),
  error: queueParams.shape.error.optional(),
  env: queueParams.shape.env.optional(),
  /** Set by Take next's form when no case was left to take. */
  taken: optional(z.enum(['none'])),
})
export type CaseListParams = z.infer<typeof caseListParams>

/** `/queue?view=...` with the filters that are set. */
export function queueHref(params: Partial<CaseListParams>) {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue
    if (key === 'page' && value === 1) continue
    query.set(key, String(value))
  }
  const text = query.toString()
  return text ? `/queue?${text}` : '/queue'
}
