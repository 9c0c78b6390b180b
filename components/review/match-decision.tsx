'use client'

import { useState } from 'react'

import {
  DecisionForm,
  decisionErrorWords,
  type Draft,
  ReviewButton,
} from '@/components/review/match-decision-form'
import { DecisionHistory } from '@/components/review/match-decision-history'
import { useReportReview } from '@/components/review/review-context'
import { Timestamp } from '@/components/ui/timestamp'
import { useRecordDecision } from '@/lib/queries/decisions'
import {
  allowedActions,
  decisionLabels,
  judgedFieldLabels,
  judgedItemWords,
  madeBy,
  SYSTEM_ACTOR,
  type DecisionEntry,
  type MatchChange,
  type MatchReviewState,
  type Reopening,
  type ReviewViewer,
} from '@/lib/review/decision-rules'

const rowClass = 'no-print border-t border-dashed border-line pt-1.5 pl-4.5 text-xs'

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
  // Unreviewed, or waiting because Verity withdrew its carry-over when the record changed.
  const withdrawn =
    state.status === 'awaiting_second' && state.entry.analystId === SYSTEM_ACTOR.analystId
  const reopened =
    state.status === 'unreviewed' || withdrawn ? decisions.reopened[matchUuid] : undefined
  return (
    <div className={`${rowClass} space-y-1.5`}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <StateLine state={state} viewer={decisions.viewer} />
        {!draft && (
          <span className="flex flex-wrap gap-1.5">
            {allowed.set && (
              <ReviewButton onClick={() => setDraft({ action: 'set', decision: null })}>
                {state.status === 'unreviewed' ? 'Decide' : 'Decide again'}
              </ReviewButton>
            )}
            {allowed.confirm && state.status === 'awaiting_second' && (
              <ReviewButton
                onClick={() => setDraft({ action: 'confirm', decision: state.entry.decision })}
              >
                Confirm
              </ReviewButton>
            )}
            {allowed.overturn && (
              <ReviewButton onClick={() => setDraft({ action: 'overturn', decision: null })}>
                {state.status === 'awaiting_second' && state.entry.decision === 'second_review'
                  ? 'Decide'
                  : 'Overturn'}
              </ReviewButton>
            )}
          </span>
        )}
        {allowed.why && <span className="text-muted">{allowed.why}.</span>}
      </div>
      {state.status === 'decided' && state.entry.analystId === SYSTEM_ACTOR.analystId && (
        <p className="text-muted">{state.entry.reason}</p>
      )}
      {reopened && <Reopened reopening={reopened} />}
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
      {history.length > 0 && <DecisionHistory history={history} />}
    </div>
  )
}

function StateLine({ state, viewer }: { state: MatchReviewState; viewer: ReviewViewer }) {
  if (state.status === 'unreviewed') {
    return <span className="font-medium text-muted">Unreviewed</span>
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
      <span className="text-muted">
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
          <ReviewButton
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
          </ReviewButton>
          {mutation.isError && (
            <span role="alert" className="text-red-800 dark:text-red-300">
              {decisionErrorWords(mutation.error)}
            </span>
          )}
        </p>
      )}
    </div>
  )
}

/** A match that changed since the false positive that stood for it: which decision, what changed. */
function Reopened({ reopening }: { reopening: Reopening }) {
  return (
    <div className="rounded border border-amber-200 bg-amber-50 px-2 py-1.5 dark:border-amber-900 dark:bg-amber-950/40">
      <p>
        <span className="font-medium">Changed since decision {reopening.decisionId}:</span>{' '}
        {decisionLabels[reopening.decision]} by {reopening.user},{' '}
        <Timestamp value={reopening.decidedAt} mode="absolute" />.{' '}
        {reopening.changes.length > 0
          ? 'The record changed, so it opens for review.'
          : 'It was decided under an earlier version of the fingerprint, so it opens for review: compare the record by hand.'}
      </p>
      {reopening.changes.length > 0 && (
        <ul className="mt-1 list-disc pl-4">
          {reopening.changes.map((change) => (
            <li key={change.field}>{changeWords(change)}</li>
          ))}
        </ul>
      )}
    </div>
  )
}

function changeWords(change: MatchChange): string {
  const label = judgedFieldLabels[change.field]
  const listed = (items: readonly string[]) =>
    items.map((item) => `“${judgedItemWords(item)}”`).join(', ')
  const parts = [
    change.addedCount > 0 &&
      `added ${change.added.length > 0 ? listed(change.added) : change.addedCount}`,
    change.removedCount > 0 &&
      `removed ${change.removed.length > 0 ? listed(change.removed) : change.removedCount}`,
  ].filter(Boolean)
  return `${label}: ${parts.join('; ')}`
}
