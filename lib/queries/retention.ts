import { useMutation } from '@tanstack/react-query'

import { apiPost } from '@/lib/queries/api-fetch'

/*
 * A lead's retention actions on an applicant (lib/retention/contract.ts has their schemas); the
 * forms refresh the page afterwards, whose retention section the server makes.
 */

export type RetentionAction =
  | { kind: 'end'; endedAt: string; reason: string }
  | { kind: 'withdraw'; reason: string }
  | { kind: 'hold'; until?: string; reason: string }
  | { kind: 'lift'; holdId: number; reason: string }
  | { kind: 'request'; reason: string }

/** What the server answers; an erasure request says whether it was granted, in words. */
export type RetentionAnswer = { message?: string }

function call(applicantId: string, action: RetentionAction) {
  const base = `/api/applicants/${encodeURIComponent(applicantId)}`
  switch (action.kind) {
    case 'end':
      return apiPost<RetentionAnswer>(`${base}/relationship`, {
        endedAt: action.endedAt,
        reason: action.reason,
      })
    case 'withdraw':
      return apiPost<RetentionAnswer>(`${base}/relationship`, { reason: action.reason }, 'DELETE')
    case 'hold':
      return apiPost<RetentionAnswer>(`${base}/holds`, {
        reason: action.reason,
        ...(action.until ? { until: action.until } : {}),
      })
    case 'lift':
      return apiPost<RetentionAnswer>(
        `${base}/holds/${action.holdId}`,
        { reason: action.reason },
        'DELETE',
      )
    case 'request':
      return apiPost<RetentionAnswer>(`${base}/erasure-requests`, { reason: action.reason })
  }
}

export function useRetentionAction(applicantId: string) {
  return useMutation({ mutationFn: (action: RetentionAction) => call(applicantId, action) })
}
