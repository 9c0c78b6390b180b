'use client'

import { useId, useState } from 'react'

import { useReportReview } from '@/components/aml/review-context'
import { Timestamp } from '@/components/ui/timestamp'
import { freeTextIssue, isReason, REASON_MIN } from '@/lib/api/free-text'
import { isApiError } from '@/lib/queries/api-fetch'
import { useRecordDecision } from '@/lib/queries/decisions'
import {
  allowedActions,
  decisionLabels,
  DECISIONS,
  madeBy,
  type Decision,
  type DecisionAction,
  type DecisionEntry,
  type MatchReviewState,
  type ReviewViewer,
} from '@/lib/review/decision-rules'

const buttonClass =
  'rounded border border-zinc-300 bg-white px-2 py-0.5 text-xs font-medium text-zinc-800 hover:bg-zinc-50 disabled:opacity-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800'

const rowClass =
  'no-print border-t border-dashed border-zinc-200 pt-1.5 pl-4.5 text-xs dark:border-zinc-800'

type Draft = { action: DecisionAction; decision: Decision | null }

/**
 * A match's review: where it stands, what this analyst may do on it (four eyes: a true match or a
 * second review stands only once another analyst confirms or overturns it), an earlier decision
 * on the same applicant to carry over, and the history.
 */
export function MatchDecision({ matchUuid }: { matchUuid: string }) {
  const review = useReportReview()
  const [draft, setDraft] = useState<Draft | null>(null)
  if (!review) return null
  const { decisions, decisionsFailed } = review
  if (!decisions) {
    return decisionsFailed ? (
      <p className={`${rowClass} text-red-800 dark:text-red-300`}>
        Decisions could not be read from the store.
      </p>
    ) : null
  }
  const match = decisions.matches[matchUuid]
  const state: MatchReviewState = match?.state ?? { status: 'unreviewed' }
  const history = match?.history ?? []
  const allowed = allowedActions(state, decisions.viewer)
  const remembered = state.status === 'unreviewed' ? decisions.remembered[matchUuid] : undefined
  return (
    <div className={`${rowClass} space-y-1.5`}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <StateLine state={state} viewer={decisions.viewer} />
        {!draft && (
          <span className="flex flex-wrap gap-1.5">
            {allowed.set && (
              <button
                type="button"
                className={buttonClass}
                onClick={() => setDraft({ action: 'set', decision: null })}
              >
                {state.status === 'unreviewed' ? 'Decide' : 'Decide again'}
              </button>
            )}
            {allowed.confirm && state.status === 'awaiting_second' && (
              <button
                type="button"
                className={buttonClass}
                onClick={() => setDraft({ action: 'confirm', decision: state.entry.decision })}
              >
                Confirm
              </button>
            )}
            {allowed.overturn && (
              <button
                type="button"
                className={buttonClass}
                onClick={() => setDraft({ action: 'overturn', decision: null })}
              >
                {state.status === 'awaiting_second' && state.entry.decision === 'second_review'
                  ? 'Decide'
                  : 'Overturn'}
              </button>
            )}
          </span>
        )}
        {allowed.why && <span className="text-zinc-600 dark:text-zinc-400">{allowed.why}.</span>}
      </div>
      {remembered && !draft && (
        <Remembered entry={remembered} matchUuid={matchUuid} canCarry={allowed.set} />
      )}
      {draft && (
        <DecisionForm
          matchUuid={matchUuid}
          draft={draft}
          current={state.status === 'unreviewed' ? null : state.entry.decision}
          onDone={() => setDraft(null)}
        />
      )}
      {history.length > 0 && <History history={history} />}
    </div>
  )
}

function StateLine({ state, viewer }: { state: MatchReviewState; viewer: ReviewViewer }) {
  if (state.status === 'unreviewed') {
    return <span className="font-medium text-zinc-600 dark:text-zinc-400">Unreviewed</span>
  }
  const { entry } = state
  const label = decisionLabels[entry.decision]
  const tone =
    entry.decision === 'false_positive'
      ? 'text-emerald-800 dark:text-emerald-300'
      : entry.decision === 'true_match'
        ? 'text-red-800 dark:text-red-300'
        : 'text-amber-800 dark:text-amber-300'
  return (
    <span>
      <span className={`font-semibold ${tone}`}>{label}</span>
      {state.status === 'awaiting_second' && (
        <span className="font-medium text-amber-800 dark:text-amber-300">
          {' '}
          · awaiting a second analyst
        </span>
      )}
      <span className="text-zinc-600 dark:text-zinc-400">
        {' '}
        · {madeBy(entry, viewer) ? 'you' : entry.user}, <Timestamp value={entry.at} />
      </span>
    </span>
  )
}

function Remembered({
  entry,
  matchUuid,
  canCarry,
}: {
  entry: DecisionEntry
  matchUuid: string
  canCarry: boolean
}) {
  const review = useReportReview()
  const mutation = useRecordDecision(review?.searchId ?? '', review?.subject ?? null)
  return (
    <div className="rounded border border-blue-200 bg-blue-50 px-2 py-1.5 dark:border-blue-900 dark:bg-blue-950/40">
      <p>
        <span className="font-medium">Earlier decision on this applicant:</span>{' '}
        {decisionLabels[entry.decision]} by {entry.user},{' '}
        <Timestamp value={entry.at} mode="absolute" />: “{entry.reason}”
      </p>
      {canCarry && (
        <p className="mt-1 flex flex-wrap items-center gap-2">
          <button
            type="button"
            className={buttonClass}
            disabled={mutation.isPending}
            onClick={() =>
              mutation.mutate({
                matchUuid,
                decision: entry.decision,
                action: 'carry_over',
                reason: '',
                carriedFrom: entry.id,
              })
            }
          >
            {mutation.isPending ? 'Carrying over…' : 'Carry it over to this report'}
          </button>
          {mutation.isError && (
            <span role="alert" className="text-red-800 dark:text-red-300">
              {errorWords(mutation.error)}
            </span>
          )}
        </p>
      )}
    </div>
  )
}

function DecisionForm({
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
      className="space-y-2 rounded border border-zinc-200 bg-zinc-50 p-2 dark:border-zinc-800 dark:bg-zinc-950"
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
        Reason{' '}
        <span className="font-normal text-zinc-600 dark:text-zinc-400">
          (required, for the audit)
        </span>
      </label>
      <textarea
        id={`${id}-reason`}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        rows={2}
        maxLength={2000}
        aria-invalid={tried && reasonShort}
        aria-describedby={`${id}-reason-help`}
        className="block w-full rounded border border-zinc-300 bg-white px-2 py-1 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        placeholder="Born 1961, applicant born 1985: not the applicant."
      />
      <p
        id={`${id}-reason-help`}
        role={tried && reasonShort ? 'alert' : undefined}
        className={
          tried && reasonShort
            ? 'text-red-800 dark:text-red-300'
            : 'text-zinc-600 dark:text-zinc-400'
        }
      >
        {reasonIssue
          ? `The reason ${reasonIssue}.`
          : `At least ${REASON_MIN} characters; an auditor reads it.`}
      </p>
      {mutation.isError && (
        <p role="alert" className="text-red-800 dark:text-red-300">
          {errorWords(mutation.error)}
        </p>
      )}
      <div className="flex gap-2">
        <button
          type="submit"
          disabled={mutation.isPending}
          className="rounded bg-blue-700 px-2.5 py-1 text-xs font-medium text-white hover:bg-blue-800 disabled:opacity-60 dark:bg-blue-600 dark:hover:bg-blue-500"
        >
          {mutation.isPending ? 'Saving…' : 'Save decision'}
        </button>
        <button type="button" className={buttonClass} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  )
}

function History({ history }: { history: readonly DecisionEntry[] }) {
  return (
    <details className="group">
      <summary className="cursor-pointer text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100">
        History ({history.length})
      </summary>
      <ol className="mt-1 space-y-1 border-l border-zinc-200 pl-3 dark:border-zinc-800">
        {[...history].reverse().map((entry) => (
          <li key={entry.id}>
            <span className="font-medium">{decisionLabels[entry.decision]}</span>{' '}
            <span className="text-zinc-600 dark:text-zinc-400">
              ({actionWords[entry.action]}) by {entry.user},{' '}
              <Timestamp value={entry.at} mode="absolute" />
            </span>
            <p className="whitespace-pre-wrap text-zinc-800 dark:text-zinc-200">{entry.reason}</p>
          </li>
        ))}
      </ol>
    </details>
  )
}

const actionWords: Record<DecisionAction, string> = {
  set: 'set',
  confirm: 'confirmed',
  overturn: 'overturned',
  carry_over: 'carried over',
}

function errorWords(error: unknown) {
  if (isApiError(error)) return error.detail
  return 'Not saved: Verity could not be reached. Try again.'
}
