/*
 * The rules of a case, pure and browser-safe, so the server enforces exactly what the case page
 * offers: the state machine, who may do what, due dates in words, and the close rule against the
 * four-eyes rule of match review (lib/review/decision-rules.ts).
 */

export const CASE_STATES = [
  'open',
  'in_review',
  'waiting',
  'escalated',
  'awaiting_closure',
  'closed',
] as const
export type CaseState = (typeof CASE_STATES)[number]

export const OUTCOMES = ['false_positive', 'true_match', 'no_action_needed'] as const
export type Outcome = (typeof OUTCOMES)[number]

export const CASE_KINDS = ['screening', 'failed_verification'] as const
export type CaseKind = (typeof CASE_KINDS)[number]

export const stateLabels: Record<CaseState, string> = {
  open: 'Open',
  in_review: 'In review',
  waiting: 'Waiting on customer',
  escalated: 'Escalated',
  awaiting_closure: 'Awaiting closure',
  closed: 'Closed',
}

export const outcomeLabels: Record<Outcome, string> = {
  false_positive: 'False positive',
  true_match: 'True match',
  no_action_needed: 'No action needed',
}

/** The moves between states; ownership (claim, release, assign) is apart and keeps the state. */
export const MOVES = [
  'start',
  'wait',
  'escalate',
  'resume',
  'close',
  'confirm_close',
  'return',
  'reopen',
] as const
export type Move = (typeof MOVES)[number]

export const moveLabels: Record<Move, string> = {
  start: 'Start review',
  wait: 'Wait on customer',
  escalate: 'Escalate',
  resume: 'Back to review',
  close: 'Close',
  confirm_close: 'Confirm closing',
  return: 'Send back',
  reopen: 'Reopen',
}

/** Where each move goes, from the states it is allowed in. */
const TRANSITIONS: Record<Move, Partial<Record<CaseState, CaseState>>> = {
  start: { open: 'in_review' },
  wait: { open: 'waiting', in_review: 'waiting', waiting: 'waiting', escalated: 'waiting' },
  escalate: { open: 'escalated', in_review: 'escalated', waiting: 'escalated' },
  resume: { waiting: 'in_review', escalated: 'in_review' },
  // Where four eyes apply, closing stops at awaiting closure (closeTarget).
  close: { open: 'closed', in_review: 'closed', waiting: 'closed', escalated: 'closed' },
  confirm_close: { awaiting_closure: 'closed' },
  return: { awaiting_closure: 'in_review' },
  reopen: { closed: 'open' },
}

export type MoveCheck = { ok: true; to: CaseState } | { ok: false; why: string }

/** Whether `move` is allowed from `state`, and where it goes; `why` says it when not. */
export function checkMove(state: CaseState, move: Move): MoveCheck {
  const to = TRANSITIONS[move][state]
  if (to) return { ok: true, to }
  const from = stateLabels[state].toLowerCase()
  const allowedFrom = Object.keys(TRANSITIONS[move]).map((s) => stateLabels[s as CaseState])
  return {
    ok: false,
    why: `A case that is ${from} cannot be moved by "${moveLabels[move]}"; that is allowed only from: ${allowedFrom.join(', ')}.`,
  }
}

/** The moves a case in `state` allows. */
export function movesFrom(state: CaseState): Move[] {
  return MOVES.filter((move) => TRANSITIONS[move][state] !== undefined)
}

/** Who acts; an auditor (lib/auth/roles.ts) reads what a lead reads and acts on nothing. */
export type Actor = { id: string; lead: boolean; auditor?: boolean }
export type Ownership = { state: CaseState; ownerId: string | null; ownerLabel: string | null }

/**
 * Whether the actor may change the case's state: its owner or a lead. An unowned case is the
 * team's: anyone may move it (moving it does not claim it).
 */
export function mayMove(actor: Actor, kase: Ownership): { ok: true } | { ok: false; why: string } {
  if (actor.lead || kase.ownerId === null || kase.ownerId === actor.id) return { ok: true }
  return { ok: false, why: `This case belongs to ${kase.ownerLabel ?? 'another analyst'}.` }
}

export function checkClaim(
  actor: Actor,
  kase: Ownership,
): { ok: true } | { ok: false; why: string } {
  if (kase.state === 'closed') return { ok: false, why: 'A closed case cannot be claimed.' }
  if (kase.ownerId === actor.id) return { ok: false, why: 'You have already claimed this case.' }
  if (kase.ownerId !== null && kase.ownerId !== actor.id) {
    return {
      ok: false,
      why: `${kase.ownerLabel ?? 'Another analyst'} has already claimed this case.`,
    }
  }
  return { ok: true }
}

export function checkRelease(
  actor: Actor,
  kase: Ownership,
): { ok: true } | { ok: false; why: string } {
  if (kase.ownerId === null) return { ok: false, why: 'Nobody has claimed this case.' }
  if (kase.state === 'closed')
    return { ok: false, why: 'A closed case keeps the owner who closed it.' }
  if (kase.ownerId !== actor.id && !actor.lead) {
    return {
      ok: false,
      why: `Only ${kase.ownerLabel ?? 'its owner'} or a lead may release this case.`,
    }
  }
  return { ok: true }
}

/** Only leads assign; a closed case keeps the owner who closed it. */
export function checkAssign(
  actor: Actor,
  kase: Ownership,
): { ok: true } | { ok: false; why: string } {
  if (!actor.lead) return { ok: false, why: 'Only a lead may assign or reassign a case.' }
  if (kase.state === 'closed')
    return { ok: false, why: 'A closed case cannot be assigned: reopen it first.' }
  return { ok: true }
}

// ---- due dates and snooze ----

const HOUR = 3_600_000
const DAY = 24 * HOUR

/** "due in 5 h", "due in 3 days", "due now", "2 h late", "3 days late". */
export function dueText(due: Date, now: Date): string {
  const ms = due.getTime() - now.getTime()
  if (Math.abs(ms) < 60_000) return 'due now'
  return ms > 0 ? `due in ${spanWords(ms)}` : `${spanWords(ms)} late`
}

/** A case's age on its clock (from its record's time): "40 min", "5 h", "3 days". */
export function ageText(since: Date, now: Date): string {
  return spanWords(now.getTime() - since.getTime())
}

function spanWords(ms: number) {
  const span = Math.abs(ms)
  return span < HOUR
    ? `${Math.max(1, Math.round(span / 60_000))} min`
    : span < 2 * DAY
      ? `${Math.round(span / HOUR)} h`
      : `${Math.floor(span / DAY)} days`
}

/** A waiting case is out of the active views until its snooze ends; a closed case always. */
export function isActive(
  kase: { state: CaseState; snoozedUntil: Date | null },
  now: Date,
): boolean {
  if (kase.state === 'closed') return false
  if (kase.state === 'waiting' && kase.snoozedUntil && kase.snoozedUntil > now) return false
  return true
}

export function isOverdue(kase: { state: CaseState; dueAt: Date }, now: Date) {
  return kase.state !== 'closed' && kase.dueAt < now
}

/** A snooze ends in the future, within a year. */
export function checkSnooze(until: Date, now: Date): { ok: true } | { ok: false; why: string } {
  if (until.getTime() <= now.getTime()) {
    return { ok: false, why: 'A snooze ends in the future: choose a later date.' }
  }
  if (until.getTime() - now.getTime() > 366 * DAY) {
    return { ok: false, why: 'A snooze ends within a year.' }
  }
  return { ok: true }
}

// ---- closing ----

/** The newest decision on one match and whether it stands (lib/review/decision-rules.ts isFinal). */
export type MatchVerdict = { decision: string; final: boolean }

/**
 * Whether a screening case may close with `outcome`: as false positive or true match only when
 * every match of the report has a decision that stands under the four-eyes rule, all false
 * positives for a false positive, at least one true match for a true match. `why` names the
 * matches in the way. No action needed, and every outcome of a verification case, need no decision.
 */
export function checkClose(
  kind: CaseKind,
  outcome: Outcome,
  matches: readonly string[],
  verdicts: ReadonlyMap<string, MatchVerdict>,
): { ok: true } | { ok: false; why: string } {
  if (kind !== 'screening' || outcome === 'no_action_needed') return { ok: true }
  const short = (uuids: string[]) => uuids.map((uuid) => uuid.slice(0, 8)).join(', ')
  const unreviewed = matches.filter((uuid) => !verdicts.has(uuid))
  const awaiting = matches.filter((uuid) => verdicts.get(uuid)?.final === false)
  const problems: string[] = []
  if (unreviewed.length > 0) problems.push(`no decision on ${short(unreviewed)}`)
  if (awaiting.length > 0) {
    problems.push(`awaiting a second analyst on ${short(awaiting)}`)
  }
  if (problems.length === 0) {
    const trueMatches = matches.filter((uuid) => verdicts.get(uuid)?.decision === 'true_match')
    if (outcome === 'false_positive' && trueMatches.length > 0) {
      problems.push(`true match decided on ${short(trueMatches)}`)
    }
    if (outcome === 'true_match' && trueMatches.length === 0) {
      problems.push('no match is decided a true match')
    }
  }
  if (problems.length === 0) return { ok: true }
  return {
    ok: false,
    why: `Cannot close as ${outcomeLabels[outcome].toLowerCase()}: ${problems.join('; ')}.`,
  }
}

// ---- four eyes on closing ----

/** Where closing with `outcome` goes: awaiting a lead's confirmation for the outcomes `fourEyes` names. */
export function closeTarget(
  outcome: Outcome,
  fourEyes: readonly Outcome[],
): 'closed' | 'awaiting_closure' {
  return fourEyes.includes(outcome) ? 'awaiting_closure' : 'closed'
}

/**
 * Whether the actor may settle a proposed closing (confirm it, or send it back): a lead who did not
 * propose it. The proposer's own confirmation is what four eyes exist to prevent.
 */
export function checkSettleClosing(
  actor: Actor,
  proposerId: string | null,
  move: 'confirm_close' | 'return',
): { ok: true } | { ok: false; why: string } {
  const verb = move === 'confirm_close' ? 'confirm' : 'send back'
  if (!actor.lead) return { ok: false, why: `Only a lead may ${verb} a proposed closing.` }
  if (proposerId === actor.id) {
    return {
      ok: false,
      why: `You proposed this closing: another lead must ${verb} it.`,
    }
  }
  return { ok: true }
}
