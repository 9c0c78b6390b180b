import { useMutation } from '@tanstack/react-query'

import { apiPost } from '@/lib/queries/api-fetch'

/** Revokes a standing false positive; the form refreshes the page, whose list the server makes. */
export function useRevokeStanding(applicantId: string) {
  return useMutation({
    mutationFn: ({ matchUuid, reason }: { matchUuid: string; reason: string }) =>
      apiPost<{ revoked: number }>(
        `/api/applicants/${encodeURIComponent(applicantId)}/revocations`,
        { matchUuid, reason },
      ),
  })
}
