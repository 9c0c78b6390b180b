import type { ReportAction, ReportState } from './contract'

/*
 * A report's state machine and who may move it (docs/reports.md), pure so that the server checks
 * it and the tests read it. Four eyes: the drafter submits, a lead who is not the drafter approves
 * or returns it; only then may it be filed. A report is seen only by leads and its drafter
 * (tipping-off rules): anyone else is told it does not exist.
 */

export type ReportActor = { id: string; lead: boolean }
export type ReportRef = { state: ReportState; drafterId: string }

type Move = { from: ReportState[]; to: ReportState }

const MOVES: Record<ReportAction, Move> = {
  submit: { from: ['draft'], to: 'awaiting_approval' },
  approve: { from: ['awaiting_approval'], to: 'approved' },
  return: { from: ['awaiting_approval'], to: 'draft' },
  file: { from: ['approved'], to: 'filed' },
  acknowledge: { from: ['filed'], to: 'acknowledged' },
  reject: { from: ['filed'], to: 'rejected' },
}

export type Checked = { ok: true; to: ReportState } | { ok: false; status: 403 | 409; why: string }

/** Whether the actor may know the report exists at all. */
export function maySee(actor: ReportActor, report: Pick<ReportRef, 'drafterId'>): boolean {
  return actor.lead || actor.id === report.drafterId
}

/** Whether the actor may start a report on a case: a lead, or the case's owner. */
export function mayStart(actor: ReportActor, caseOwnerId: string | null): boolean {
  return actor.lead || (caseOwnerId !== null && caseOwnerId === actor.id)
}

/** Fields change only while drafted, and only by its drafter or a lead. */
export function checkEdit(actor: ReportActor, report: ReportRef): Checked {
  if (report.state !== 'draft') {
    return {
      ok: false,
      status: 409,
      why:
        report.state === 'awaiting_approval'
          ? 'The report awaits approval: it can be changed once it is sent back to its drafter.'
          : 'The report is approved and cannot be changed: a change is a new report.',
    }
  }
  if (!actor.lead && actor.id !== report.drafterId) {
    return { ok: false, status: 403, why: 'Only the drafter or a lead can change the report.' }
  }
  return { ok: true, to: report.state }
}

/** Whether `action` may move the report now, by this actor; the refusal says why. */
export function checkAction(
  actor: ReportActor,
  report: ReportRef,
  action: ReportAction,
  hasErrors: boolean,
): Checked {
  const move = MOVES[action]
  if (!move.from.includes(report.state)) {
    return {
      ok: false,
      status: 409,
      why: `A report that is ${words[report.state]} cannot be ${done[action]}.`,
    }
  }
  const drafter = actor.id === report.drafterId
  switch (action) {
    case 'submit':
      if (!drafter && !actor.lead) {
        return { ok: false, status: 403, why: 'Only the drafter or a lead can submit the report.' }
      }
      if (hasErrors) {
        return {
          ok: false,
          status: 409,
          why: 'The report has errors: correct the fields marked before submitting it.',
        }
      }
      break
    case 'approve':
    case 'return':
      if (!actor.lead) {
        return { ok: false, status: 403, why: 'Only a lead can approve or send back a report.' }
      }
      if (drafter) {
        return {
          ok: false,
          status: 403,
          why: 'A second person approves a report: its drafter cannot approve or send back their own.',
        }
      }
      if (action === 'approve' && hasErrors) {
        return { ok: false, status: 409, why: 'The report has errors and cannot be approved.' }
      }
      break
    default:
      if (!actor.lead) {
        return { ok: false, status: 403, why: "Only a lead records the FIU's answers." }
      }
  }
  return { ok: true, to: move.to }
}

/** The actions the actor could take now (the page's buttons; the server checks again). */
export function availableActions(actor: ReportActor, report: ReportRef): ReportAction[] {
  return (Object.keys(MOVES) as ReportAction[]).filter(
    (action) => checkAction(actor, report, action, false).ok,
  )
}

const words: Record<ReportState, string> = {
  draft: 'a draft',
  awaiting_approval: 'awaiting approval',
  approved: 'approved',
  filed: 'filed',
  acknowledged: 'acknowledged by the FIU',
  rejected: 'rejected by the FIU',
}

const done: Record<ReportAction, string> = {
  submit: 'submitted',
  approve: 'approved',
  return: 'sent back',
  file: 'filed',
  acknowledge: 'marked acknowledged',
  reject: 'marked rejected',
}
