'use client'

import { useId, useState, type ComponentProps } from 'react'

import { useReportReview } from '@/components/review/review-context'
import { Button } from '@/components/ui/button'
import { Textarea } from '@/components/ui/textarea'
import { DECISION_REASON_MAX, freeTextIssue, isReason, REASON_MIN } from '@/lib/api/free-text'
import { isApiError } from '@/lib/queries/api-fetch'
import { useRecordDecision } from '@/lib/queries/decisions'
import {
  decisionLabels,
  DECISIONS,
  type Decision,
  type DecisionAction,
} from '@/lib/review/decision-rules'

/** The small bordered button of a match's review. */
export function ReviewButton(props: Omit<ComponentProps<typeof Button>, 'variant' | 'size'>) {
  return (
    <Button variant="secondary" size="xs" className="text-zinc-800 dark:text-zinc-100" {...props} />
  )
}

/** What the analyst started on a match card: the action, and the decision it begins with. */
export type Draft = { action: DecisionAction; decision: Decision | null }

/** The form of a decision: the decision, a reason for the audit, and the server's refusal if any. */
export function DecisionForm({
  matchUuid,
  draft,
  current,
  onDone,
}: {
  matchUuid: string
  draft: Draft
  current: Decision | null
  onDone: () => void
}) {
  const review = useReportReview()
  const mutation = useRecordDecision(review?.searchId ?? '', review?.subject ?? null)
  const [decision, setDecision] = useState<Decision | null>(draft.decision)
  const [reason, setReason] = useState('')
  const [tried, setTried] = useState(false)
  const id = useId()
  // Overturning offers the decisions other than the one it overturns.
  const options =
    draft.action === 'confirm'
      ? DECISIONS.filter((option) => option === draft.decision)
      : draft.action === 'overturn'
        ? DECISIONS.filter((option) => option !== current)
        : DECISIONS
  const reasonIssue = freeTextIssue(reason)
  const reasonShort = reasonIssue !== null || !isReason(reason)
  const invalid = decision === null || reasonShort
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (invalid || decision === null) return
    mutation.mutate(
      { matchUuid, decision, action: draft.action, reason: reason.trim() },
      { onSuccess: onDone },
    )
  }
  return (
    <form
      onSubmit={submit}
      aria-label={draft.action === 'confirm' ? 'Confirm decision' : 'Record a decision'}
      className="space-y-2 rounded border border-line bg-zinc-50 p-2 dark:bg-zinc-950"
    >
      <fieldset className="flex flex-wrap gap-x-4 gap-y-1">
        <legend className="sr-only">Decision</legend>
        {options.map((option) => (
          <label key={option} className="flex items-center gap-1.5">
            <input
              type="radio"
              name={`${id}-decision`}
              value={option}
              checked={decision === option}
              onChange={() => setDecision(option)}
            />
            {draft.action === 'confirm'
              ? `Confirm: ${decisionLabels[option]}`
              : decisionLabels[option]}
          </label>
        ))}
      </fieldset>
      {tried && decision === null && (
        <p role="alert" className="text-red-800 dark:text-red-300">
          Choose a decision.
        </p>
      )}
      <label htmlFor={`${id}-reason`} className="block font-medium">
        Reason <span className="font-normal text-muted">(required, for the audit)</span>
      </label>
      <Textarea
        id={`${id}-reason`}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        rows={2}
        maxLength={DECISION_REASON_MAX}
        aria-invalid={tried && reasonShort}
        aria-describedby={`${id}-reason-help`}
        className="block w-full text-zinc-900 dark:text-zinc-100"
        placeholder="Born 1961, applicant born 1985: not the applicant."
      />
      <p
        id={`${id}-reason-help`}
        role={tried && reasonShort ? 'alert' : undefined}
        className={tried && reasonShort ? 'text-red-800 dark:text-red-300' : 'text-muted'}
      >
        {reasonIssue
          ? `The reason ${reasonIssue}.`
          : `At least ${REASON_MIN} characters; an auditor reads it.`}
      </p>
      {mutation.isError && (
        <p role="alert" className="text-red-800 dark:text-red-300">
          {decisionErrorWords(mutation.error)}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={mutation.isPending} variant="accent" size="sm">
          {mutation.isPending ? 'Saving…' : 'Save decision'}
        </Button>
        <ReviewButton onClick={onDone}>Cancel</ReviewButton>
      </div>
    </form>
  )
}

export function decisionErrorWords(error: unknown) {
  if (isApiError(error)) return error.detail
  return 'Not saved: Verity could not be reached. Try again.'
}
