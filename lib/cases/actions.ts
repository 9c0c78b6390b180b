import 'server-only'

import { sql, type Kysely } from 'kysely'

import { ProblemError } from '@/lib/api/problem-error'
import { reasonDigest } from '@/lib/audit/reason-digest'
import { audit } from '@/lib/audit/record'
import { viewerLabel, type Viewer } from '@/lib/auth/viewer'
import type { CaseRow, Database } from '@/lib/store/schema'

import { insertCaseEvent } from './events'
import { caseRow, knownAnalysts, summaryOf } from './read'
import type { CaseAction } from './requests'
import {
  checkAssign,
  checkClaim,
  checkClose,
  checkMove,
  checkRelease,
  checkSettleClosing,
  checkSnooze,
  closeTarget,
  mayMove,
  outcomeLabels,
  type CaseState,
  type Outcome,
} from './rules'
import { actorOf, fourEyesOutcomes } from './settings'
import type { CaseSummary } from './types'
import { matchVerdicts, reportMatches } from './verdicts'

/*
 * Every change to a case: checked against the rules (lib/cases/rules.ts) on the row as read,
 * audited, then written only if the row has not changed since (its version), with its event in
 * the same transaction. As with decisions, the audit line comes first: the trail commits on its
 * own connection (the embedded store has one), so the two cannot share a transaction, and a change
 * whose audit line cannot be written does not happen. A change that lost a race is audited as
 * not recorded and answered 409, naming who has the case now.
 */

type Db = Kysely<Database>

export type Change = {
  kind: string
  set: Partial<
    Pick<
      CaseRow,
      | 'state'
      | 'owner_id'
      | 'owner_label'
      | 'snoozed_until'
      | 'outcome'
      | 'close_reason'
      | 'proposed_outcome'
      | 'proposed_reason'
      | 'proposed_by'
      | 'proposed_by_label'
      | 'proposed_at'
    >
  >
  event: {
    owner_id?: string | null
    owner_label?: string | null
    outcome?: string
    reason?: string
    until?: Date
  }
  /** For the audit line: an analyst's reason only as its digest (lib/audit/reason-digest.ts). */
  says: string
}

function refused(status: 403 | 409, why: string) {
  return new ProblemError(status, 'case_refused', 'Not allowed on this case', why)
}

const NO_PROPOSAL = {
  proposed_outcome: null,
  proposed_reason: null,
  proposed_by: null,
  proposed_by_label: null,
  proposed_at: null,
} as const

/** A screening closes as false positive or true match only as its matches' decisions allow. */
async function checkMatchesAllow(db: Db, row: CaseRow, outcome: Outcome) {
  if (row.kind !== 'screening' || outcome === 'no_action_needed') return
  const [matches, verdicts] = await Promise.all([
    reportMatches(row.resource_id),
    matchVerdicts(db, row.resource_id),
  ])
  const result = checkClose(row.kind, outcome, matches, verdicts)
  if (!result.ok) throw refused(409, result.why)
}

/** Works out the change an action makes, or throws the refusal. */
async function changeFor(db: Db, viewer: Viewer, row: CaseRow, input: CaseAction): Promise<Change> {
  const actor = actorOf(viewer)
  const kase = { state: row.state, ownerId: row.owner_id, ownerLabel: row.owner_label }
  const me = { owner_id: actor.id, owner_label: viewerLabel(viewer) }
  const move = (to: CaseState, extra: Partial<Change['set']> = {}) => ({ state: to, ...extra })
  const check = (result: { ok: true } | { ok: false; why: string }, status: 403 | 409 = 409) => {
    if (!result.ok) throw refused(status, result.why)
  }
  switch (input.action) {
    case 'claim':
      check(checkClaim(actor, kase))
      return { kind: 'claimed', set: me, event: me, says: 'claimed' }
    case 'release':
      check(checkRelease(actor, kase))
      return {
        kind: 'released',
        set: { owner_id: null, owner_label: null },
        event: { owner_id: row.owner_id, owner_label: row.owner_label },
        says: `released from ${row.owner_label ?? 'nobody'}`,
      }
    case 'assign': {
      check(checkAssign(actor, kase), actor.lead ? 409 : 403)
      const analyst = (await knownAnalysts(db)).find((known) => known.id === input.analystId)
      if (!analyst) {
        throw new ProblemError(
          400,
          'unknown_analyst',
          'Unknown analyst',
          'No analyst with that id has signed in or owns a case.',
        )
      }
      const to = { owner_id: analyst.id, owner_label: analyst.label }
      return { kind: 'assigned', set: to, event: to, says: `assigned to ${analyst.label}` }
    }
    default: {
      const moved = checkMove(row.state, input.action)
      if (!moved.ok) throw refused(409, moved.why)
      check(mayMove(actor, kase))
      switch (input.action) {
        case 'start':
          return { kind: 'state_changed', set: move(moved.to), event: {}, says: 'review started' }
        case 'resume':
          return {
            kind: 'state_changed',
            set: move(moved.to, { snoozed_until: null }),
            event: {},
            says: 'back to review',
          }
        case 'wait': {
          const until = new Date(input.until)
          check(checkSnooze(until, new Date()))
          return {
            kind: 'snoozed',
            set: move(moved.to, { snoozed_until: until }),
            event: { until },
            says: `waiting on the customer until ${until.toISOString()}`,
          }
        }
        case 'escalate':
          return {
            kind: 'escalated',
            set: move(moved.to, { snoozed_until: null }),
            event: { reason: input.reason },
            says: `escalated; reason ${reasonDigest(input.reason)}`,
          }
        case 'close': {
          await checkMatchesAllow(db, row, input.outcome)
          const as = outcomeLabels[input.outcome].toLowerCase()
          if (closeTarget(input.outcome, fourEyesOutcomes()) === 'awaiting_closure') {
            return {
              kind: 'close_proposed',
              set: move('awaiting_closure', {
                proposed_outcome: input.outcome,
                proposed_reason: input.reason,
                proposed_by: actor.id,
                proposed_by_label: me.owner_label,
                proposed_at: new Date(),
                snoozed_until: null,
              }),
              event: { outcome: input.outcome, reason: input.reason },
              says: `closing as ${as} proposed, awaiting a lead; reason ${reasonDigest(input.reason)}`,
            }
          }
          return {
            kind: 'closed',
            set: move(moved.to, {
              outcome: input.outcome,
              close_reason: input.reason,
              snoozed_until: null,
            }),
            event: { outcome: input.outcome, reason: input.reason },
            says: `closed as ${as}; reason ${reasonDigest(input.reason)}`,
          }
        }
        case 'confirm_close': {
          check(checkSettleClosing(actor, row.proposed_by, 'confirm_close'), 403)
          const outcome = row.proposed_outcome as Outcome
          // The matches are checked again: a decision may have been revoked since the proposal.
          await checkMatchesAllow(db, row, outcome)
          return {
            kind: 'closure_confirmed',
            set: move(moved.to, {
              outcome,
              close_reason: row.proposed_reason,
              ...NO_PROPOSAL,
            }),
            event: { outcome, reason: row.proposed_reason ?? undefined },
            says: `closing as ${outcomeLabels[outcome].toLowerCase()} proposed by ${row.proposed_by_label ?? 'another analyst'} confirmed`,
          }
        }
        case 'return':
          check(checkSettleClosing(actor, row.proposed_by, 'return'), 403)
          return {
            kind: 'closure_returned',
            set: move(moved.to, NO_PROPOSAL),
            event: { reason: input.reason },
            says: `proposed closing sent back to ${row.proposed_by_label ?? 'its proposer'}; reason ${reasonDigest(input.reason)}`,
          }
        case 'reopen':
          return {
            kind: 'reopened',
            set: move(moved.to, { outcome: null, close_reason: null }),
            event: { reason: input.reason },
            says: `reopened; reason ${reasonDigest(input.reason)}`,
          }
      }
    }
  }
}

/** Writes `change` with its event if the case is still at the version read; null if it is not. */
export async function writeIfUnchanged(db: Db, viewer: Viewer, row: CaseRow, change: Change) {
  return db.transaction().execute(async (trx) => {
    const now = new Date()
    const updated = await trx
      .updateTable('cases')
      .set({ ...change.set, updated_at: now, version: sql`version + 1` })
      .where('id', '=', row.id)
      .where('version', '=', row.version)
      .returningAll()
      .executeTakeFirst()
    if (!updated) return null
    await insertCaseEvent(
      trx,
      viewer,
      {
        case_id: updated.id,
        kind: change.kind,
        from_state: row.state,
        to_state: updated.state,
        ...change.event,
      },
      now,
    )
    return updated
  })
}

function notFound() {
  return new ProblemError(404, 'no_case', 'No such case', 'There is no case with this id.')
}

/** One action on one case by `viewer`, after every check; the case as it is afterwards. */
export async function actOnCase(
  db: Db,
  viewer: Viewer,
  id: number,
  input: CaseAction,
): Promise<CaseSummary> {
  const row = await caseRow(db, id)
  if (!row) throw notFound()
  const resource = { type: 'case', id: String(id) }
  let change: Change
  try {
    change = await changeFor(db, viewer, row, input)
  } catch (error) {
    if (error instanceof ProblemError && (error.status === 409 || error.status === 403)) {
      await audit(viewer, 'case', resource, 'refused', input.action, error.detail)
    }
    throw error
  }
  await audit(viewer, 'case', resource, 'ok', change.kind, change.says)
  let updated: CaseRow | null
  try {
    updated = await writeIfUnchanged(db, viewer, row, change)
  } catch (error) {
    await audit(viewer, 'case', resource, 'not_recorded', change.kind).catch(() => undefined)
    throw error
  }
  if (!updated) {
    await audit(viewer, 'case', resource, 'not_recorded', change.kind).catch(() => undefined)
    const now = await caseRow(db, id)
    const who = now?.owner_label
    throw refused(
      409,
      input.action === 'claim' && who
        ? `${who} has already claimed this case.`
        : `The case changed meanwhile${who ? ` (${who} has it now)` : ''}: look at it again.`,
    )
  }
  return summaryOf({ ...updated, name: row.name })
}
