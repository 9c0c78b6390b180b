import { analystId, beforeIssuerId, viewerLabel, type Viewer } from '@/lib/auth/viewer'

/*
 * The four-eyes rules of match review, pure so that the server enforces exactly what the match
 * cards offer. A decision that says "this is the applicant" (true match), or that asks for another
 * look (second review), stands only once a second analyst has confirmed or overturned it; so does
 * a change away from a standing true match or second review. Only a false positive on a match
 * where none of those stands is final at once. Every change is a new entry: the history is never
 * rewritten. Analysts are told apart by their identity (issuer and subject), never by their name.
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
  /** How the analyst was named when they decided: display only. */
  user: string
  /** Who decided (lib/auth/viewer.ts `analystId`): what the rules compare. */
  analystId: string
  /** ISO 8601. */
  at: string
  carriedFrom: number | null
  /** Whether this entry settled its match by itself, as `settlesAlone` said when it was written. */
  settles: boolean
}

/** The analyst looking: their identity, and the label rows made before identities carry. */
export type ReviewViewer = { analystId: string; label: string }

export function reviewViewer(viewer: Viewer): ReviewViewer {
  return { analystId: analystId(viewer), label: viewerLabel(viewer) }
}

export type MatchReviewState =
  | { status: 'unreviewed' }
  /** A decision that `entry.analystId` made, waiting for another analyst. */
  | { status: 'awaiting_second'; entry: DecisionEntry }
  | { status: 'decided'; entry: DecisionEntry }

type AllowedActions = { set: boolean; confirm: boolean; overturn: boolean; why?: string }

/* What the decisions route answers (lib/review/decisions.ts makes it on the server). */

export type ReviewCounts = { reviewed: number; awaitingSecond: number }

export type MatchDecisions = { state: MatchReviewState; history: DecisionEntry[] }

/** Who records what Verity decides by itself (a carry-over): not an analyst. */
export const SYSTEM_ACTOR = { analystId: 'verity:system verity', label: 'Verity' } as const

/** The parts of a match its fingerprint covers (lib/review/standing/fingerprint.ts). */
export type JudgedField =
  | 'entity_type'
  | 'tags'
  | 'annotation'
  | 'names'
  | 'dates_of_birth'
  | 'places_of_birth'
  | 'dates_of_death'
  | 'places_of_death'
  | 'genders'
  | 'citizenships'
  | 'nationalities'
  | 'countries'
  | 'addresses'
  | 'sources'
  | 'political_roles'
  | 'occupations'
  | 'registration_ids'
  | 'companies'
  | 'associates'
  | 'fatf_records'
  | 'media'
  | 'contact_info'
  | 'images'
  | 'other'

export const judgedFieldLabels: Record<JudgedField, string> = {
  entity_type: 'Entity type',
  tags: 'Tags',
  annotation: 'Annotation',
  names: 'Names',
  dates_of_birth: 'Dates of birth',
  places_of_birth: 'Places of birth',
  dates_of_death: 'Dates of death',
  places_of_death: 'Places of death',
  genders: 'Genders',
  citizenships: 'Citizenships',
  nationalities: 'Nationalities',
  countries: 'Countries',
  addresses: 'Addresses',
  sources: 'Sources',
  political_roles: 'Political roles',
  occupations: 'Occupations',
  registration_ids: 'Registration ids',
  companies: 'Companies',
  associates: 'Associates',
  fatf_records: 'FATF records',
  media: 'Media',
  contact_info: 'Contact details',
  images: 'Images',
  other: 'Other fields',
}

/**
 * One judged item as words: the canonical JSON the fingerprint keeps (`{"city":"Moscow"}`) as
 * `city: Moscow`; a plain value, or an item stored before versions, as it is.
 */
export function judgedItemWords(item: string): string {
  let value: unknown
  try {
    value = JSON.parse(item)
  } catch {
    return item
  }
  const words = (part: unknown): string => {
    if (Array.isArray(part)) return part.map(words).join(', ')
    if (typeof part === 'string') {
      try {
        const inner: unknown = JSON.parse(part)
        if (typeof inner === 'object' && inner !== null) return words(inner)
      } catch {
        // a plain string
      }
      return part
    }
    if (typeof part === 'object' && part !== null) {
      return Object.entries(part)
        .map(([key, inner]) => `${key}: ${words(inner)}`)
        .join('; ')
    }
    return String(part)
  }
  return words(value)
}

/** One field of a match that changed; a personal field's lines are left out (counts only). */
export type MatchChange = {
  field: JudgedField
  added: string[]
  removed: string[]
  addedCount: number
  removedCount: number
}

/**
 * A match that came back changed in this report while the applicant's standing decision called it
 * a false positive: it opens unreviewed, naming that decision and what changed.
 */
export type Reopening = {
  decisionId: number
  decision: Decision
  user: string
  /** ISO 8601: when the decision was made. */
  decidedAt: string
  changes: MatchChange[]
}

export type SearchDecisions = {
  /** Matches with at least one decision in this report, by match uuid; history oldest first. */
  matches: Record<string, MatchDecisions>
  /**
   * The newest decision on the same applicant and match uuid in another report, by match uuid;
   * empty when the report's subject (and so its applicant) is unknown.
   */
  remembered: Record<string, DecisionEntry>
  /** Matches that changed since the false positive that stood for them, by match uuid. */
  reopened: Record<string, Reopening>
  /** `reviewed` counts matches with any decision, `awaitingSecond` those of them not yet final. */
  counts: ReviewCounts
  /** Who is looking, to compare with each entry's `analystId`. */
  viewer: ReviewViewer
  applicantId: string | null
}

export const decisionLabels: Record<Decision, string> = {
  true_match: 'True match',
  false_positive: 'False positive',
  second_review: 'Needs second review',
}

/**
 * Whether a new entry on a match in `state` settles it by itself. A confirm or overturn is the
 * second analyst; a carry-over settles when the decision it carried had. A set false positive
 * settles alone only where no true match or second review stands: a change away from one needs a
 * second analyst, as the decision it changes did.
 */
export function settlesAlone(
  state: MatchReviewState,
  decision: Decision,
  action: DecisionAction,
  carriedSettled: boolean | null = null,
): boolean {
  if (action === 'confirm' || action === 'overturn') return true
  if (action === 'carry_over') return carriedSettled === true
  if (decision !== 'false_positive') return false
  return state.status !== 'decided' || state.entry.decision === 'false_positive'
}

/** The match's state after its history (oldest first): the newest entry decides it. */
export function reviewState(history: readonly DecisionEntry[]): MatchReviewState {
  const entry = history.at(-1)
  if (!entry) return { status: 'unreviewed' }
  return entry.settles ? { status: 'decided', entry } : { status: 'awaiting_second', entry }
}

/**
 * Whether the viewer made the entry: the same identity, or, for an entry recorded before
 * identities (migration 0007), the same label, which was then how analysts were told apart.
 */
export function madeBy(entry: Pick<DecisionEntry, 'analystId'>, viewer: ReviewViewer) {
  return entry.analystId === viewer.analystId || entry.analystId === beforeIssuerId(viewer.label)
}

export const OWN_DECISION_WHY = 'Awaiting a second analyst: you set this decision'

/**
 * What `viewer` may do on a match in this state; `why` says it when they may do nothing. A second
 * review is overturned with a decision, never confirmed; any other awaiting decision is either.
 */
export function allowedActions(state: MatchReviewState, viewer: ReviewViewer): AllowedActions {
  if (state.status === 'unreviewed' || state.status === 'decided') {
    return { set: true, confirm: false, overturn: false }
  }
  if (madeBy(state.entry, viewer)) {
    return { set: false, confirm: false, overturn: false, why: OWN_DECISION_WHY }
  }
  return { set: false, confirm: state.entry.decision !== 'second_review', overturn: true }
}

/** A request the rules turn down: `refused` by the match's state (409), `bad` in itself (400). */
export type Refusal = { kind: 'refused' | 'bad'; detail: string }

/**
 * Why `viewer` may not take `action` with `decision` on a match in `state`, or null when the
 * four-eyes rules allow it (a carry-over's source is checked against the store on the server).
 */
export function actionRefusal(
  action: DecisionAction,
  decision: Decision,
  state: MatchReviewState,
  viewer: ReviewViewer,
): Refusal | null {
  const allowed = allowedActions(state, viewer)
  const awaiting = state.status === 'awaiting_second' ? state.entry : null
  const refused = (detail: string): Refusal => ({ kind: 'refused', detail: allowed.why ?? detail })
  switch (action) {
    case 'set':
      if (!allowed.set) {
        return refused('This decision awaits a second analyst: confirm or overturn it instead.')
      }
      return null
    case 'confirm':
      if (!allowed.confirm) {
        return refused(
          awaiting
            ? 'A second review is not confirmed: overturn it with a decision.'
            : 'No decision on this match awaits a second analyst.',
        )
      }
      if (decision !== awaiting?.decision) {
        return { kind: 'bad', detail: 'A confirmation keeps the decision it confirms.' }
      }
      return null
    case 'overturn':
      if (!allowed.overturn) {
        return refused(
          'Only a decision that awaits a second analyst is overturned: set a new decision.',
        )
      }
      if (decision === awaiting?.decision) {
        return {
          kind: 'bad',
          detail: 'An overturn needs another decision than the one overturned.',
        }
      }
      return null
    case 'carry_over':
      if (state.status !== 'unreviewed') {
        return { kind: 'refused', detail: 'This match already has a decision in this report.' }
      }
      return null
  }
}
