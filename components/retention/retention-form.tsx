'use client'

import { useRouter } from 'next/navigation'
import { useId, useRef, useState, type FormEvent } from 'react'

import { Button, type ButtonVariant } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { ReasonField } from '@/components/ui/reason-field'
import { isReason, REASON_TOO_SHORT } from '@/lib/api/free-text'
import { isApiError } from '@/lib/queries/api-fetch'
import { useRetentionAction, type RetentionAction } from '@/lib/queries/retention'
import { isDay, RETENTION_REASON_MAX } from '@/lib/retention/contract'

type Kind = RetentionAction['kind']

const WORDS: Record<Kind, { open: string; submit: string; busy: string; reason: string }> = {
  end: {
    open: 'Record the end of the relationship…',
    submit: 'Record the end',
    busy: 'Recording…',
    reason: 'Why it ended',
  },
  withdraw: {
    open: 'Withdraw the end…',
    submit: 'Withdraw: the relationship resumed',
    busy: 'Withdrawing…',
    reason: 'Why it is withdrawn',
  },
  hold: {
    open: 'Place a legal hold…',
    submit: 'Place the hold',
    busy: 'Placing…',
    reason: 'Why it is held',
  },
  lift: { open: 'Lift…', submit: 'Lift the hold', busy: 'Lifting…', reason: 'Why it is lifted' },
  request: {
    open: 'Record an erasure request…',
    submit: 'Record the request',
    busy: 'Recording…',
    reason: 'The request (how and when the person asked)',
  },
}

/**
 * One of a lead's retention actions on an applicant, opened by its button: a reason, and the day
 * an end or a hold asks for. The server checks and audits it; the page refreshes afterwards.
 */
export function RetentionForm({
  applicantId,
  kind,
  holdId,
  variant = 'secondary',
}: {
  applicantId: string
  kind: Kind
  holdId?: number
  variant?: ButtonVariant
}) {
  const id = useId()
  const router = useRouter()
  const reasonField = useRef<HTMLTextAreaElement>(null)
  const dayField = useRef<HTMLInputElement>(null)
  const [open, setOpen] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [answer, setAnswer] = useState<string | null>(null)
  const action = useRetentionAction(applicantId)
  const words = WORDS[kind]
  const withDay = kind === 'end' || kind === 'hold'

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const reason = reasonField.current?.value.trim() ?? ''
    const day = dayField.current?.value ?? ''
    if (kind === 'end' && !isDay(day)) {
      setError('Give the day the relationship ended.')
      dayField.current?.focus()
      return
    }
    if (!isReason(reason)) {
      setError(REASON_TOO_SHORT)
      reasonField.current?.focus()
      return
    }
    setError(null)
    const request: RetentionAction =
      kind === 'end'
        ? { kind, endedAt: day, reason }
        : kind === 'hold'
          ? { kind, reason, ...(day ? { until: day } : {}) }
          : kind === 'lift'
            ? { kind, holdId: holdId ?? 0, reason }
            : { kind, reason }
    action.mutate(request, {
      onSuccess: (answered) => {
        setOpen(false)
        setAnswer(answered.message ?? null)
        router.refresh()
      },
      onError: (failure) =>
        setError(
          isApiError(failure) && failure.status < 500
            ? failure.detail
            : 'Nothing was recorded. Try again.',
        ),
    })
  }

  if (!open) {
    return (
      <span className="inline-flex flex-col gap-1">
        <Button size="sm" variant={variant} onClick={() => setOpen(true)}>
          {words.open}
        </Button>
        {answer && (
          <span role="status" className="text-xs text-muted">
            {answer}
          </span>
        )}
      </span>
    )
  }
  return (
    <form
      onSubmit={submit}
      aria-label={words.submit}
      className="mt-1 flex w-full max-w-xl flex-col gap-1.5 text-xs"
    >
      {withDay && (
        <>
          <label htmlFor={`${id}-day`} className="font-medium">
            {kind === 'end' ? 'Ended on' : 'Held until (optional: until lifted)'}
          </label>
          <Input
            ref={dayField}
            id={`${id}-day`}
            type="date"
            required={kind === 'end'}
            sunken
            className="w-44"
          />
        </>
      )}
      <ReasonField
        id={id}
        label={`${words.reason} (kept here; the audit trail keeps its SHA-256)`}
        fieldRef={reasonField}
        maxLength={RETENTION_REASON_MAX}
        error={error}
      />
      <span className="flex gap-2">
        <Button
          type="submit"
          variant={kind === 'request' ? 'danger' : 'primary'}
          size="sm"
          disabled={action.isPending}
        >
          {action.isPending ? words.busy : words.submit}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </span>
    </form>
  )
}
