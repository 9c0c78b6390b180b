import { z } from 'zod'

import { isReason, REASON_TOO_SHORT } from '@/lib/api/free-text'
import { optionalReason } from '@/lib/api/reason-field'

/* The QA API's bodies and answers, browser-safe: the /qa page's forms and the server check the same. */

export const QA_REASON_MAX = 2000

const day = (name: string) =>
  z
    .string({ error: `${name} is a day, YYYY-MM-DD` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} is a day, YYYY-MM-DD`)
    .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), `${name} is not a real day`)

export const qaPeriod = z
  .object({ from: day('from'), to: day('to') })
  .refine((value) => value.from <= value.to, {
    message: 'to must be on or after from',
    path: ['to'],
  })
export type QaPeriod = z.infer<typeof qaPeriod>

export const qaResultRequest = z
  .object({
    caseId: z.coerce
      .number({ error: 'the case id is a whole number' })
      .int('the case id is a whole number')
      .positive('the case id is a whole number')
      .max(Number.MAX_SAFE_INTEGER),
    result: z.enum(['pass', 'fail'], { error: 'result must be pass or fail' }),
    reason: optionalReason(QA_REASON_MAX),
    /** The result this one corrects: a result is never changed, a correction names it. */
    corrects: z.number({ error: 'corrects is the id of a result' }).int().positive().optional(),
  })
  .refine((value) => value.result === 'pass' || isReason(value.reason ?? ''), {
    message: `a fail needs a reason: ${REASON_TOO_SHORT}`,
    path: ['reason'],
  })
export type QaResultRequest = z.infer<typeof qaResultRequest>

export type QaResult = {
  id: number
  result: 'pass' | 'fail'
  reason: string | null
  corrects: number | null
  by: string
  at: string
}

export type QaSampledCase = {
  caseId: number
  why: 'true_match' | 'new_analyst' | 'share'
  closedBy: string
  closedAt: string
  outcome: string
  /** Oldest first; the newest stands, the ones before it are corrected. */
  results: QaResult[]
}

export type QaDraw = {
  id: number
  kind: 'weekly' | 'on_demand'
  from: string
  to: string
  seed: string
  percent: number
  newAnalystDays: number
  closures: number
  drawnBy: string
  drawnAt: string
  cases: QaSampledCase[]
}

export type QaData = {
  period: QaPeriod
  draws: QaDraw[]
  viewer: { id: string; lead: boolean; auditor: boolean }
}

export const whyLabels: Record<QaSampledCase['why'], string> = {
  true_match: 'True match',
  new_analyst: 'New analyst',
  share: 'Share of closures',
}
