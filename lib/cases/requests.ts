import { z } from 'zod'

import { hasNoControlCharacters, REASON_MIN } from '@/lib/api/free-text'
import { optionalReason, requiredReason } from '@/lib/api/reason-field'

import { OUTCOMES } from './rules'

/* The bodies of the case API, browser-safe so the forms and the server check the same. */

export const CASE_REASON_MIN = REASON_MIN
export const CASE_REASON_MAX = 2000
export const BULK_MAX = 100

const reason = requiredReason(CASE_REASON_MAX)

const analystId = z
  .string({ error: 'analystId names the analyst' })
  .min(1, 'analystId names the analyst')
  .max(600)
  .refine(hasNoControlCharacters, 'analystId must not contain control characters')

export const caseAction = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('claim') }),
    z.object({ action: z.literal('release') }),
    z.object({ action: z.literal('assign'), analystId }),
    z.object({ action: z.literal('start') }),
    z.object({
      action: z.literal('wait'),
      until: z.iso.datetime({ offset: true, error: 'until must be a date and time (ISO 8601)' }),
    }),
    z.object({ action: z.literal('escalate'), reason }),
    z.object({ action: z.literal('resume') }),
    z.object({
      action: z.literal('close'),
      outcome: z.enum(OUTCOMES, {
        error: 'outcome must be false_positive, true_match or no_action_needed',
      }),
      reason,
    }),
    z.object({ action: z.literal('confirm_close') }),
    z.object({ action: z.literal('return'), reason }),
    z.object({ action: z.literal('reopen'), reason }),
  ],
  {
    error:
      'action must be claim, release, assign, start, wait, escalate, resume, close, confirm_close, return or reopen',
  },
)
export type CaseAction = z.infer<typeof caseAction>

export const caseIdParam = z.coerce
  .number({ error: 'the case id is a whole number' })
  .int('the case id is a whole number')
  .positive('the case id is a whole number')
  .max(Number.MAX_SAFE_INTEGER)

export const caseActionRequest = z.intersection(z.object({ id: caseIdParam }), caseAction)

export const bulkRequest = z.object({
  ids: z
    .array(caseIdParam, { error: 'ids lists the cases' })
    .min(1, 'select at least one case')
    .max(BULK_MAX, `at most ${BULK_MAX} cases at once`),
  action: z.enum(['assign', 'release', 'close_false_positive'], {
    error: 'action must be assign, release or close_false_positive',
  }),
  analystId: analystId.optional(),
  reason: optionalReason(CASE_REASON_MAX),
})
export type BulkRequest = z.infer<typeof bulkRequest>

export type BulkResult = { id: number; ok: boolean; detail: string }
