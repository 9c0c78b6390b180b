import { z } from 'zod'

import { checkFreeText, DECISION_REASON_MAX, hasNoControlCharacters } from '@/lib/api/free-text'
import { isApplicantId } from '@/lib/util/ids'

/*
 * The contract of POST /api/applicants/{id}/revocations: a lead ends a standing false positive,
 * with a reason, so the applicant's next screening shows the match unreviewed. The form and the
 * route share it; `applicant_id` is the path's.
 */

export const revocationRequest = z.object({
  applicant_id: z.string().refine(isApplicantId, 'not an applicant id'),
  matchUuid: z
    .string({ error: 'matchUuid is required' })
    .min(1)
    .max(200)
    .refine(hasNoControlCharacters, 'matchUuid must not contain control characters'),
  reason: z
    .string({ error: 'reason is required' })
    .max(DECISION_REASON_MAX * 2, `reason must be at most ${DECISION_REASON_MAX} characters`)
    .superRefine(checkFreeText((issue) => `reason ${issue}`)),
})

export type RevocationRequest = z.output<typeof revocationRequest>
