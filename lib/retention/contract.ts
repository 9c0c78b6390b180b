import { z } from 'zod'

import { checkFreeText, DECISION_REASON_MAX, isReason, REASON_MIN } from '@/lib/api/free-text'

/*
 * What the browser and the server share of retention (docs/retention.md): the requests' schemas
 * (the forms and the routes parse with them), the words of the clock and of erased text, and the
 * shapes the pages receive. Browser-safe: no store, no server module.
 */

export const RETENTION_REASON_MAX = DECISION_REASON_MAX

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** A calendar day `YYYY-MM-DD` that exists (not 2026-02-30). */
export function isDay(value: string): boolean {
  if (!DAY.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

const applicantId = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{1,200}$/, 'applicant_id is not an applicant id')

const reason = z
  .string({ error: 'reason is required' })
  .max(RETENTION_REASON_MAX, `reason must be at most ${RETENTION_REASON_MAX} characters`)
  .superRefine(checkFreeText((issue) => `reason ${issue}`))
  .refine(isReason, `reason must have at least ${REASON_MIN} characters of visible text`)

const day = (field: string) =>
  z
    .string({ error: `${field} is required, a day as YYYY-MM-DD` })
    .refine(isDay, `${field} must be a day as YYYY-MM-DD`)

export const relationshipEndRequest = z.object({
  applicant_id: applicantId,
  endedAt: day('endedAt'),
  reason,
})
export type RelationshipEndRequest = z.output<typeof relationshipEndRequest>

/** Withdrawing an end (the relationship resumed), and lifting a hold: a reason each. */
export const withdrawalRequest = z.object({ applicant_id: applicantId, reason })
export type WithdrawalRequest = z.output<typeof withdrawalRequest>

export const holdRequest = z.object({
  applicant_id: applicantId,
  reason,
  until: day('until').optional(),
})
export type HoldRequest = z.output<typeof holdRequest>

export const liftRequest = z.object({
  applicant_id: applicantId,
  hold_id: z.coerce
    .number({ error: 'hold_id must be a number' })
    .int('hold_id must be a whole number')
    .positive('hold_id must be positive'),
  reason,
})
export type LiftRequest = z.output<typeof liftRequest>

export const erasureRequestBody = z.object({ applicant_id: applicantId, reason })
export type ErasureRequestBody = z.output<typeof erasureRequestBody>

export const applicantParam = z.object({ applicant_id: applicantId })

/** Under which rule an applicant's data is kept, or was erased. */
export type RetentionRule = 'relationship_ended' | 'never_onboarded' | 'sandbox' | 'request'

export const RULE_WORDS: Record<RetentionRule, string> = {
  relationship_ended: 'the business relationship ended',
  never_onboarded: 'never onboarded',
  sandbox: 'sandbox records',
  request: "the person's erasure request",
}

/** What replaces erased free text (a reason, a note, a notification). */
export function erasedText(day: string): string {
  return `erased under retention on ${day}`
}

/** The clock as the applicant page shows it. */
export type ClockView =
  | { state: 'ongoing' }
  | { state: 'no_records' }
  | {
      state: 'counting'
      rule: Exclude<RetentionRule, 'request'>
      /** The last day kept; erased from the day after, unless held. */
      keptUntil: string
      /** The day the clock counts from. */
      from: string
      due: boolean
    }
  | { state: 'erased'; rule: string; erasedOn: string }

export type HoldView = {
  kind: string
  /** One line: what holds the applicant. */
  detail: string
  /** A lead's legal hold (liftable). */
  holdId?: number
  since?: string
  until?: string | null
  by?: string
}

export type RelationshipView = { endedOn: string; reason: string; by: string; at: string }

export type ErasureRequestView = {
  id: number
  reason: string
  outcome: 'granted' | 'refused'
  possibleOn: string | null
  by: string
  at: string
}

export type ApplicantRetention = {
  clock: ClockView
  relationship: RelationshipView | null
  holds: HoldView[]
  liftedHolds: (HoldView & { liftedAt: string; liftedBy: string; liftReason: string })[]
  requests: ErasureRequestView[]
  /** Rows kept per kind after erasure, when erased. */
  erasedCounts: Record<string, number> | null
  canManage: boolean
  retentionDays: number
}

/** "kept until …, because …", or "kept: relationship ongoing". */
export function clockWords(clock: ClockView): string {
  switch (clock.state) {
    case 'ongoing':
      return 'Kept: relationship ongoing.'
    case 'no_records':
      return 'No records of this applicant in the mirror.'
    case 'erased':
      return `Erased under retention on ${clock.erasedOn} (${RULE_WORDS[clock.rule as RetentionRule] ?? clock.rule}).`
    case 'counting': {
      const because =
        clock.rule === 'relationship_ended'
          ? `the business relationship ended on ${clock.from}`
          : clock.rule === 'never_onboarded'
            ? `it was never onboarded and its last record is of ${clock.from}`
            : `its records are sandbox records, the last of ${clock.from}`
      return `${clock.due ? 'Due for erasure: kept until' : 'Kept until'} ${clock.keptUntil}, because ${because}.`
    }
  }
}
