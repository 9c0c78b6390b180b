/*
 * The four-eyes rules of match review, pure so that the server enforces exactly what the match
 * cards offer. A decision that says "this is the applicant" (true match), or that asks for another
 * look (second review), stands only once a second analyst has confirmed or overturned it; a false
 * positive is final at once. Every change is a new entry: the history is never rewritten.
 */

export const DECISIONS = ['true_match', 'false_positive', 'second_review'] as const
export type Decision = (typeof DECISIONS)[number]

export const DECISION_ACTIONS = ['set', 'confirm', 'overturn', 'carry_over'] as const
export type DecisionAction = (typeof DECISION_ACTIONS)[number]

export type DecisionEntry = {
  id: number
  searchId: string
  matchUuid: string
  applicantId: string | null
  decision: Decision
  action: DecisionAction
  reason: string
  user: string
  /** ISO 8601. */
  at: string
  carriedFrom: number | null
  /**
   * For a carry-over, whether the decision it carried was final (then this one is too); null for
   * every other action. The carried entry belongs to another report's history, so it is resolved
   * when entries are read.
   */
  carriedFinal: boolean | null
}

export type MatchReviewState =
  | { status: 'unreviewed' }
  /** A true match or second review that `entry.user` set, waiting for another analyst. */
  | { status: 'awaiting_second'; entry: DecisionEntry }
  | { status: 'decided'; entry: DecisionEntry }

type AllowedActions = { set: boolean; confirm: boolean; overturn: boolean; why?: string }

/* What the decisions route answers (lib/review/decisions.ts makes it on the server). */

export type ReviewCounts = { reviewed: number; awaitingSecond: number }

export type MatchDecisions = { state: MatchReviewState; history: DecisionEntry[] }

export type SearchDecisions = {
  /** Matches with at least one decision in this report, by match uuid; history oldest first. */
  matches: Record<string, MatchDecisions>
  /**
   * The newest decision on the same applicant and match uuid in another report, by match uuid;
   * empty when the report's subject (and so its applicant) is unknown.
   */
  remembered: Record<string, DecisionEntry>
  /** `reviewed` counts matches with any decision, `awaitingSecond` those of them not yet final. */
  counts: ReviewCounts
  /** How the viewer is named in decisions, to compare with `entry.user`. */
  viewer: string
  applicantId: string | null
}

export const decisionLabels: Record<Decision, string> = {
  true_match: 'True match',
  false_positive: 'False positive',
  second_review: 'Needs second review',
}

/** Whether an entry settles its match by itself (a confirm or overturn is the second analyst). */
export function isFinal(
  entry: Pick<DecisionEntry, 'decision' | 'action' | 'carriedFinal'>,
): boolean {
  if (entry.action === 'confirm' || entry.action === 'overturn') return true
  if (entry.action === 'carry_over') return entry.carriedFinal === true
  return entry.decision === 'false_positive'
}

/** The match's state after its history (oldest first): the newest entry decides it. */
export function reviewState(history: readonly DecisionEntry[]): MatchReviewState {
  const entry = history.at(-1)
  if (!entry) return { status: 'unreviewed' }
  return isFinal(entry) ? { status: 'decided', entry } : { status: 'awaiting_second', entry }
}

export const OWN_DECISION_WHY = 'Awaiting a second analyst: you set this decision'

/** What `user` may do on a match in this state; `why` says it when they may do nothing. */
export function allowedActions(state: MatchReviewState, user: string): AllowedActions {
  if (state.status === 'unreviewed' || state.status === 'decided') {
    return { set: true, confirm: false, overturn: false }
  }
  if (state.entry.user === user) {
    return { set: false, confirm: false, overturn: false, why: OWN_DECISION_WHY }
  }
  return { set: false, confirm: state.entry.decision === 'true_match', overturn: true }
}
