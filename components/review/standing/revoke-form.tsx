'use client'

import { useRouter } from 'next/navigation'
import { useId, useRef, useState, type FormEvent } from 'react'

import { Button } from '@/components/ui/button'
import { ReasonField } from '@/components/ui/reason-field'
import { DECISION_REASON_MAX, isReason, REASON_TOO_SHORT } from '@/lib/api/free-text'
import { isApiError } from '@/lib/queries/api-fetch'
import { useRevokeStanding } from '@/lib/queries/revocations'

/** A lead's revocation of one standing false positive, with a reason; refreshes the page. */
export function RevokeForm({ applicantId, matchUuid }: { applicantId: string; matchUuid: string }) {
  const id = useId()
  const router = useRouter()
  const field = useRef<HTMLTextAreaElement>(null)
  const [open, setOpen] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const revoke = useRevokeStanding(applicantId)

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const reason = field.current?.value.trim() ?? ''
    if (!isReason(reason)) {
      setError(REASON_TOO_SHORT)
      field.current?.focus()
      return
    }
    setError(null)
    revoke.mutate(
      { matchUuid, reason },
      {
        onSuccess: () => router.refresh(),
        onError: (failure) =>
          setError(
            isApiError(failure) && failure.status < 500
              ? failure.detail
              : 'The decision was not revoked. Try again.',
          ),
      },
    )
  }

  if (!open) {
    return (
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        Revoke…
      </Button>
    )
  }
  return (
    <form onSubmit={submit} className="mt-1 flex flex-col gap-1.5 text-xs">
      <ReasonField
        id={id}
        label="Why it no longer stands"
        fieldRef={field}
        maxLength={DECISION_REASON_MAX}
        error={error}
      />
      <span className="flex gap-2">
        <Button type="submit" variant="danger" size="sm" disabled={revoke.isPending}>
          {revoke.isPending ? 'Revoking…' : 'Revoke decision'}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </span>
    </form>
  )
}
