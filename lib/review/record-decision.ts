import 'server-only'

import { ProblemError } from '@/lib/api/problem-error'
import { reasonDigest } from '@/lib/audit/reason-digest'
import { audit } from '@/lib/audit/record'
import { requireViewer } from '@/lib/auth/session'
import { decisionRecordedOnCase } from '@/lib/cases/record-events'
import {
  decisionById,
  entryOf,
  insertIfUnchanged,
  matchHistory,
  type Db,
  type NewDecisionRow,
} from '@/lib/review/decision-queries'
import { reasonRefusal } from '@/lib/review/decision-request'
import {
  actionRefusal,
  decisionLabels,
  reviewState,
  reviewViewer,
  settlesAlone,
  type Decision,
  type DecisionAction,
  type DecisionEntry,
  type Refusal,
} from '@/lib/review/decision-rules'
import { linkedApplicant } from '@/lib/review/decision-subject'
import { printMatch } from '@/lib/review/standing/fingerprint'
import type { SubjectSource } from '@/lib/review/subject'
import { getStore } from '@/lib/store/store'
import { readAmlSearch } from '@/lib/upstream/reads'

/*
 * Recording an analyst's decision on a match of an AML report. Every decision is a new row (the
 * table refuses updates), written only after its audit line: the trail writer commits on its own
 * connection (and the embedded store has one connection), so the two cannot share a transaction,
 * and a decision whose audit line cannot be written does not happen, as an export. If the row then
 * cannot be written, a second audit line says so. The audit line carries the SHA-256 of the
 * reason, never the reason: free text may hold personal data, and the trail and standard output
 * keep everything forever.
 */

export type RecordDecisionInput = {
  searchId: string
  matchUuid: string
  subject: SubjectSource | null
  decision: Decision
  action: DecisionAction
  reason: string
  /** For a carry-over: the remembered decision (another report's) that is carried. */
  carriedFrom?: number | undefined
}

type Made = {
  decision: Decision
  reason: string
  carriedFrom: number | null
  /** For a carry-over, whether the decision it carried had settled its match. */
  carriedSettled: boolean | null
}

function refused(detail: string) {
  return new ProblemError(409, 'decision_refused', 'Decision refused', detail)
}

function badDecision(detail: string) {
  return new ProblemError(400, 'bad_decision', 'Bad decision', detail)
}

function problemOf(refusal: Refusal) {
  return refusal.kind === 'refused' ? refused(refusal.detail) : badDecision(refusal.detail)
}

/**
 * A carry-over takes the remembered decision as it was: its decision, and a reason that names who
 * made it, when and in which report. An earlier carry-over is followed to the decision it carried,
 * so the new row names the analyst who actually judged the match.
 */
async function carryOver(
  db: Db,
  input: RecordDecisionInput,
  searchId: string,
  applicantId: string | null,
): Promise<Made> {
  if (!applicantId) throw badDecision('A decision is carried over only when the subject is known.')
  if (!input.carriedFrom) throw badDecision('carriedFrom names the decision to carry over.')
  let source = await decisionById(db, input.carriedFrom)
  if (source?.action === 'carry_over' && source.carried_from !== null) {
    source = await decisionById(db, source.carried_from)
  }
  if (
    !source ||
    source.applicant_id !== applicantId ||
    source.match_uuid !== input.matchUuid ||
    source.search_id === searchId
  ) {
    throw badDecision("That is not a decision on this applicant's match in another report.")
  }
  if (source.decision !== input.decision) {
    throw badDecision('A carry-over keeps the decision it carries.')
  }
  const label = decisionLabels[input.decision]
  const day = source.at.toISOString().slice(0, 10)
  return {
    decision: input.decision,
    reason: `Carried over from AML report ${source.search_id}: ${label} by ${source.user_label} on ${day}. ${source.reason}`,
    carriedFrom: source.id,
    carriedSettled: source.settles,
  }
}

/** Records one decision by the signed-in analyst, after the server has checked everything. */
export async function recordDecision(input: RecordDecisionInput): Promise<DecisionEntry> {
  const viewer = await requireViewer()
  const who = reviewViewer(viewer)
  const searchId = input.searchId.toLowerCase()
  const applicantId = input.subject ? await linkedApplicant(searchId, input.subject) : null
  const report = await readAmlSearch(searchId)
  const match = report.data.find((item) => item.uuid === input.matchUuid)
  if (!match) {
    throw new ProblemError(
      400,
      'unknown_match',
      'Unknown match',
      'This AML report has no such match.',
    )
  }
  const { db } = await getStore()
  const history = await matchHistory(db, searchId, input.matchUuid)
  const state = reviewState(history)
  const resource = { type: 'aml_search', id: searchId }
  let made: Made
  try {
    const refusal = actionRefusal(input.action, input.decision, state, who)
    if (refusal) throw problemOf(refusal)
    if (input.action === 'carry_over') {
      made = await carryOver(db, input, searchId, applicantId)
    } else {
      const reason = input.reason.trim()
      const reasonWrong = reasonRefusal(reason)
      if (reasonWrong) throw badDecision(reasonWrong)
      made = { decision: input.decision, reason, carriedFrom: null, carriedSettled: null }
    }
  } catch (error) {
    if (error instanceof ProblemError && error.status === 409) {
      await audit(
        viewer,
        'decide',
        resource,
        'refused',
        input.matchUuid,
        `${input.decision} (${input.action})`,
      )
    }
    throw error
  }
  const row: NewDecisionRow = {
    search_id: searchId,
    match_uuid: input.matchUuid,
    applicant_id: applicantId,
    decision: made.decision,
    action: input.action,
    reason: made.reason,
    user_label: who.label,
    analyst_id: who.analystId,
    at: new Date(),
    carried_from: made.carriedFrom,
    settles: settlesAlone(state, made.decision, input.action, made.carriedSettled),
  }
  // What the decision judged, so it can carry over while the record stays the same.
  const print = printMatch(match)
  await audit(
    viewer,
    'decide',
    resource,
    'ok',
    input.matchUuid,
    `${row.decision} (${row.action}) reason ${reasonDigest(row.reason)}`,
  )
  let inserted: { id: number } | null
  try {
    inserted = await insertIfUnchanged(
      db,
      {
        ...row,
        fingerprint: print.fingerprint,
        judged: JSON.stringify(print.judged),
        raw_match: JSON.stringify(match),
      },
      history.at(-1)?.id ?? null,
    )
  } catch (error) {
    await audit(viewer, 'decide', resource, 'not_recorded', input.matchUuid).catch(() => undefined)
    throw error
  }
  if (!inserted) {
    await audit(viewer, 'decide', resource, 'not_recorded', input.matchUuid).catch(() => undefined)
    throw refused('Another analyst decided on this match meanwhile: look at their decision first.')
  }
  await decisionRecordedOnCase(db, viewer, row)
  return entryOf({ ...row, id: inserted.id })
}
