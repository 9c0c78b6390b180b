import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'

import { apiGet, apiPost } from '@/lib/queries/api-fetch'
import { queryKeys } from '@/lib/queries/keys'
import type { decisionRequest } from '@/lib/review/decision-request'
import type { DecisionEntry, SearchDecisions } from '@/lib/review/decision-rules'

/** `subject` is the report's subject parameter (lib/review/subject.ts `subjectParam`), or null. */
function decisionsPath(searchId: string, subject: string | null) {
  const path = `/api/aml/${encodeURIComponent(searchId)}/decisions`
  return subject ? `${path}?subject=${encodeURIComponent(subject)}` : path
}

function fetchDecisions(searchId: string, subject: string | null, signal?: AbortSignal) {
  return apiGet<SearchDecisions>(decisionsPath(searchId, subject), signal)
}

/** Polled, and fetched again on focus: other analysts' decisions appear without a reload. */
export function decisionsQueryOptions(searchId: string, subject: string | null) {
  return queryOptions({
    queryKey: queryKeys.review.decisions(searchId, subject),
    queryFn: ({ signal }) => fetchDecisions(searchId, subject, signal),
    staleTime: 5_000,
    refetchInterval: 15_000,
    refetchOnWindowFocus: true,
  })
}

/** The request's body without what the hook adds (the report's id is in the path). */
type DecisionInput = Omit<z.input<typeof decisionRequest>, 'id' | 'subject'>

/**
 * Records a decision; the list is fetched again whether it was accepted or refused (a refusal
 * usually means another analyst decided meanwhile).
 */
export function useRecordDecision(searchId: string, subject: string | null) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: DecisionInput) =>
      apiPost<DecisionEntry>(decisionsPath(searchId, null), { ...input, subject }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.review.decisions(searchId, subject) }),
  })
}
