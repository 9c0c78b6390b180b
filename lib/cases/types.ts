import type { CaseKind, CaseState, Outcome } from './rules'
import type { CaseViewName } from './views'

/* What the case pages and the case API answer: browser-safe, dates as ISO 8601. */

export type CaseSummary = {
  id: number
  /** The applicant's name, when the mirror knows it. */
  name: string | null
  kind: CaseKind
  resourceType: 'aml_search' | 'verification'
  resourceId: string
  recordId: string
  risk: string | null
  state: CaseState
  ownerId: string | null
  ownerLabel: string | null
  dueAt: string
  snoozedUntil: string | null
  outcome: Outcome | null
  closeReason: string | null
  /** A closing awaiting a lead's confirmation (state awaiting_closure), else null. */
  proposal: ClosingProposal | null
  createdAt: string
  /** When its clock started: the record's time (its age and due date count from it). */
  since: string
  updatedAt: string
}

export type ClosingProposal = {
  outcome: Outcome
  reason: string
  byId: string
  byLabel: string
  at: string
}

/**
 * A case as the queue lists it: with its record's matches, how many of them have a decision and how
 * many of those await a second analyst (a screening's; null for a verification).
 */
export type CaseListItem = CaseSummary & {
  matches: number | null
  reviewed: number | null
  awaiting: number | null
}

export type CaseEvent = {
  id: number
  kind: string
  user: string
  fromState: string | null
  toState: string | null
  ownerLabel: string | null
  outcome: string | null
  reason: string | null
  until: string | null
  /** The report to the FIU a line is about (kind `report_*`); such lines reach only leads and its drafter. */
  reportId: number | null
  at: string
}

export type Analyst = { id: string; label: string }

export type OwnerLoad = {
  ownerId: string
  ownerLabel: string
  active: number
  overdue: number
  /** For automatic assignment: seen lately and not away, marked away, or not seen lately. */
  availability: 'available' | 'away' | 'not_seen'
}

/**
 * A screening case's matches not yet decided and those awaiting a second analyst, as the queue
 * counts them: what the close form says is still undecided.
 */
export type Undecided = { matches: number; undecided: number; awaiting: number }

/** What a page needs to know about the viewer: their analyst id and whether they lead. */
export type CaseViewer = { id: string; lead: boolean; auditor?: boolean }

export type QueueData = {
  cases: CaseListItem[]
  counts: Record<CaseViewName, number>
  /** Cases matching the view and filters, of which `cases` is one page. */
  total: number
  viewer: CaseViewer
  /** Whether the viewer marked themselves away (automatic assignment passes them over). */
  away: boolean
  /** For leads only: everyone's load; `analysts` is whom they may assign to. */
  loads: OwnerLoad[] | null
  analysts: Analyst[]
}

export type CaseDetail = {
  kase: CaseSummary
  events: CaseEvent[]
  viewer: CaseViewer
  analysts: Analyst[]
}
