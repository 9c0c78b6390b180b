import { z } from 'zod'

import {
  checkFreeText,
  DECISION_REASON_MAX,
  hasNoControlCharacters,
  isReason,
  REASON_TOO_SHORT,
} from '@/lib/api/free-text'
import { amlSearchIdParam } from '@/lib/api/params'
import { DECISION_ACTIONS, DECISIONS } from '@/lib/review/decision-rules'
import { parseSubjectParam } from '@/lib/review/subject'

/*
 * The contract of /api/aml/{id}/decisions: the route parses with these schemas. The limits the
 * decision form shares with them are in lib/api/free-text.ts, so that zod stays out of the browser.
 */

/** Why a decision's reason (already trimmed) cannot be recorded, or null when it can. */
export function reasonRefusal(reason: string): string | null {
  if (!isReason(reason)) return REASON_TOO_SHORT
  if (reason.length > DECISION_REASON_MAX) {
    return `A reason is at most ${DECISION_REASON_MAX.toLocaleString('en')} characters.`
  }
  return null
}

/** The POST body of /api/aml/{id}/decisions (with the path's id); the rules are checked on the server. */
export const decisionRequest = z.object({
  id: amlSearchIdParam,
  matchUuid: z
    .string({ error: 'matchUuid is required' })
    .min(1)
    .max(200)
    .refine(hasNoControlCharacters, 'matchUuid must not contain control characters'),
  decision: z.enum(DECISIONS, {
    error: 'decision must be true_match, false_positive or second_review',
  }),
  action: z.enum(DECISION_ACTIONS, {
    error: 'action must be set, confirm, overturn or carry_over',
  }),
  reason: z
    .string()
    .max(DECISION_REASON_MAX * 2, `reason must be at most ${DECISION_REASON_MAX} characters`)
    .superRefine(checkFreeText((issue) => `reason ${issue}`))
    .default(''),
  subject: subjectField(),
  carriedFrom: z.number().int().positive().optional(),
})

/** The GET parameters of /api/aml/{id}/decisions. */
export const decisionsParams = z.object({ id: amlSearchIdParam, subject: subjectField() })

function subjectField() {
  return z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value === '') return null
      const source = parseSubjectParam(value)
      if (!source) {
        context.addIssue({
          code: 'custom',
          message: 'subject must be verification:<short id> or screening:<record id>',
        })
        return z.NEVER
      }
      return source
    })
}
