import 'server-only'

import { sql, type Kysely } from 'kysely'
import { z } from 'zod'

import { checkFreeText, isReason, REASON_MIN } from '@/lib/api/free-text'
import { amlSearchIdParam, hasNoControlCharacters } from '@/lib/api/params'
import { ProblemError } from '@/lib/api/problem-error'
import { audit } from '@/lib/audit/record'
import { AuthRequiredError } from '@/lib/auth/errors'
import { getViewer } from '@/lib/auth/session'
import { viewerLabel, type Viewer } from '@/lib/auth/viewer'
import { readAmlSearch } from '@/lib/data/reads'
import {
  allowedActions,
  DECISION_ACTIONS,
  decisionLabels,
  DECISIONS,
  isFinal,
  reviewState,
  type Decision,
  type DecisionAction,
  type DecisionEntry,
  type MatchDecisions,
  type MatchReviewState,
  type ReviewCounts,
  type SearchDecisions,
} from '@/lib/review/decision-rules'
import { parseSubjectParam, subjectParam, type SubjectSource } from '@/lib/review/subject'
import { loadSubjectContext } from '@/lib/review/subject-context'
import type { Database, MatchDecisionRow } from '@/lib/store/schema'
import { getStore } from '@/lib/store/store'

/*
 * Analysts' decisions on the matches of AML reports, in the store. Every decision is a new row
 * (the table refuses updates), written only after its audit line: the trail writer commits on its
 * own connection (and the embedded store has one connection), so the two cannot share a
 * transaction, and a decision whose audit line cannot be written does not happen, as an export.
 * If the row then cannot be written, a second audit line says so.
 */

type Db = Kysely<Database>

export const REASON_MAX = 2000

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

/** The POST body of /api/aml/{id}/decisions (with the path's id); the rules are checked below. */
export const decisionRequest = z.object({
  id: amlSearchIdParam,
  matchUuid: z
    .string({ error: 'matchUuid is required' })
    .min(1)
    .max(200)
    .refine(hasNoControlCharacters, 'matchUuid must not contain control characters'),
  decision: z.enum(DECISIONS, {
    error: 'decision must be true_match, false_positive or second_review',
  }),
  action: z.enum(DECISION_ACTIONS, {
    error: 'action must be set, confirm, overturn or carry_over',
  }),
  reason: z
    .string()
    .max(REASON_MAX * 2, `reason must be at most ${REASON_MAX} characters`)
    .superRefine(checkFreeText((issue) => `reason ${issue}`))
    .default(''),
  subject: subjectField(),
  carriedFrom: z.number().int().positive().optional(),
})

/** The GET parameters of /api/aml/{id}/decisions. */
export const decisionsParams = z.object({ id: amlSearchIdParam, subject: subjectField() })

function subjectField() {
  return z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value === '') return null
      const source = parseSubjectParam(value)
      if (!source) {
        context.addIssue({
          code: 'custom',
          message: 'subject must be verification:<short id> or screening:<record id>',
        })
        return z.NEVER
      }
      return source
    })
}

// ---- reads ----

function entries(db: Db) {
  return db
    .selectFrom('match_decisions as d')
    .leftJoin('match_decisions as src', 'src.id', 'd.carried_from')
    .select([
      'd.id',
      'd.search_id',
      'd.match_uuid',
      'd.applicant_id',
      'd.decision',
      'd.action',
      'd.reason',
      'd.user_label',
      'd.at',
      'd.carried_from',
      'src.decision as src_decision',
      'src.action as src_action',
    ])
}

/** A decision row with the decision and action of the row it carried, if any. */
type EntryRow = MatchDecisionRow & { src_decision: string | null; src_action: string | null }

/** A carry-over always names a decision that is not itself a carry-over (see carryOver below). */
function carriedFinal(row: Pick<EntryRow, 'action' | 'src_decision' | 'src_action'>) {
  if (row.action !== 'carry_over') return null
  return isFinal({
    decision: row.src_decision as Decision,
    action: row.src_action as DecisionAction,
    carriedFinal: null,
  })
}

function entryOf(row: EntryRow): DecisionEntry {
  return {
    id: row.id,
    searchId: row.search_id,
    matchUuid: row.match_uuid,
    applicantId: row.applicant_id,
    decision: row.decision as Decision,
    action: row.action as DecisionAction,
    reason: row.reason,
    user: row.user_label,
    at: row.at.toISOString(),
    carriedFrom: row.carried_from,
    carriedFinal: carriedFinal(row),
  }
}

async function matchHistory(db: Db, searchId: string, matchUuid: string) {
  const rows = await entries(db)
    .where('d.search_id', '=', searchId)
    .where('d.match_uuid', '=', matchUuid)
    .orderBy('d.id')
    .execute()
  return rows.map(entryOf)
}

function countsOf(states: Iterable<MatchReviewState>): ReviewCounts {
  const counts = { reviewed: 0, awaitingSecond: 0 }
  for (const state of states) {
    if (state.status === 'unreviewed') continue
    counts.reviewed += 1
    if (state.status === 'awaiting_second') counts.awaitingSecond += 1
  }
  return counts
}

async function viewerOrThrow(): Promise<Viewer> {
  const viewer = await getViewer()
  if (!viewer) throw new AuthRequiredError()
  return viewer
}

/** Every decision of one report, and the applicant's decisions in other reports. */
export async function decisionsForSearch(
  searchId: string,
  subject: SubjectSource | null,
): Promise<SearchDecisions> {
  const viewer = await viewerOrThrow()
  const id = searchId.toLowerCase()
  const applicantId = subject ? await knownApplicant(id, subject) : null
  const { db } = await getStore()
  const rows = await entries(db).where('d.search_id', '=', id).orderBy('d.id').execute()
  const matches: Record<string, MatchDecisions> = {}
  for (const row of rows) {
    const match = (matches[row.match_uuid] ??= { state: { status: 'unreviewed' }, history: [] })
    match.history.push(entryOf(row))
  }
  for (const match of Object.values(matches)) match.state = reviewState(match.history)

  const remembered: Record<string, DecisionEntry> = {}
  if (applicantId) {
    const earlier = await entries(db)
      .where('d.applicant_id', '=', applicantId)
      .where('d.search_id', '<>', id)
      .distinctOn('d.match_uuid')
      .orderBy('d.match_uuid')
      .orderBy('d.id', 'desc')
      .execute()
    for (const row of earlier) remembered[row.match_uuid] = entryOf(row)
  }
  return {
    matches,
    remembered,
    counts: countsOf(Object.values(matches).map((match) => match.state)),
    viewer: viewerLabel(viewer),
    applicantId,
  }
}

/** Reviewed and awaiting matches of several reports in one query (the triage list). */
export async function reviewCounts(searchIds: string[]): Promise<Map<string, ReviewCounts>> {
  const result = new Map(searchIds.map((id) => [id, { reviewed: 0, awaitingSecond: 0 }]))
  if (searchIds.length === 0) return result
  const byLower = new Map(searchIds.map((id) => [id.toLowerCase(), id]))
  const { db } = await getStore()
  const newest = await db
    .selectFrom('match_decisions as d')
    .leftJoin('match_decisions as src', 'src.id', 'd.carried_from')
    .select([
      'd.search_id',
      'd.decision',
      'd.action',
      'src.decision as src_decision',
      'src.action as src_action',
    ])
    .where('d.search_id', 'in', [...byLower.keys()])
    .distinctOn(['d.search_id', 'd.match_uuid'])
    .orderBy('d.search_id')
    .orderBy('d.match_uuid')
    .orderBy('d.id', 'desc')
    .execute()
  for (const row of newest) {
    const counts = result.get(byLower.get(row.search_id) ?? row.search_id)
    if (!counts) continue
    counts.reviewed += 1
    const final = isFinal({
      decision: row.decision as Decision,
      action: row.action as DecisionAction,
      carriedFinal: carriedFinal(row),
    })
    if (!final) counts.awaitingSecond += 1
  }
  return result
}

// ---- the subject's applicant ----

/*
 * Which applicant a subject is never changes, so the decisions list, which the browser polls,
 * remembers it for a while instead of reading the verification or ten pages of webhook history
 * on every poll. Only an applicant the upstream linked to the report is remembered.
 */
const APPLICANT_TTL_MS = 10 * 60_000
const APPLICANTS_KEPT = 1_000
const applicants = new Map<string, { applicantId: string | null; until: number }>()

function remember(key: string, applicantId: string | null) {
  if (applicants.size >= APPLICANTS_KEPT) applicants.delete(applicants.keys().next().value!)
  applicants.set(key, { applicantId, until: Date.now() + APPLICANT_TTL_MS })
}

/** The applicant of a linked subject, read from the upstream; a problem when it is not linked. */
async function linkedApplicant(searchId: string, subject: SubjectSource) {
  const context = await loadSubjectContext(searchId, subject)
  if (!context.ok) {
    throw new ProblemError(
      400,
      `subject_${context.reason}`,
      'Unknown subject',
      context.reason === 'not_found'
        ? 'The subject of this report could not be found.'
        : 'The subject named is not linked to this AML report.',
    )
  }
  remember(`${searchId} ${subjectParam(subject)}`, context.applicantId)
  return context.applicantId
}

/** For reads: the remembered applicant, or null when the subject is not linked to the report. */
async function knownApplicant(searchId: string, subject: SubjectSource) {
  const kept = applicants.get(`${searchId} ${subjectParam(subject)}`)
  if (kept && kept.until > Date.now()) return kept.applicantId
  try {
    return await linkedApplicant(searchId, subject)
  } catch (error) {
    if (error instanceof ProblemError) return null
    throw error
  }
}

// ---- writes ----

type Made = {
  decision: Decision
  reason: string
  carriedFrom: number | null
  carriedFinal: boolean | null
}

type NewRow = {
  search_id: string
  match_uuid: string
  applicant_id: string | null
  decision: Decision
  action: DecisionAction
  reason: string
  user_label: string
  at: Date
  carried_from: number | null
}

function refused(detail: string) {
  return new ProblemError(409, 'decision_refused', 'Decision refused', detail)
}

function badDecision(detail: string) {
  return new ProblemError(400, 'bad_decision', 'Bad decision', detail)
}

function writtenReason(reason: string) {
  const trimmed = reason.trim()
  if (!isReason(trimmed)) {
    throw badDecision(`Give a reason of at least ${REASON_MIN} characters of visible text.`)
  }
  if (trimmed.length > REASON_MAX) {
    throw badDecision(`A reason is at most ${REASON_MAX.toLocaleString('en')} characters.`)
  }
  return trimmed
}

/** Checks the action against the four-eyes rules; the decision and reason the row will hold. */
function checked(input: RecordDecisionInput, state: MatchReviewState, user: string): Made | null {
  const allowed = allowedActions(state, user)
  const awaiting = state.status === 'awaiting_second' ? state.entry : null
  switch (input.action) {
    case 'set':
      if (!allowed.set) {
        throw refused(
          allowed.why ?? 'This decision awaits a second analyst: confirm or overturn it instead.',
        )
      }
      break
    case 'confirm':
      if (!allowed.confirm) {
        throw refused(
          allowed.why ??
            (awaiting
              ? 'Only a true match is confirmed: overturn a second review with a decision.'
              : 'No decision on this match awaits a second analyst.'),
        )
      }
      if (input.decision !== awaiting?.decision) {
        throw badDecision('A confirmation keeps the decision it confirms.')
      }
      break
    case 'overturn':
      if (!allowed.overturn) {
        throw refused(
          allowed.why ??
            'Only a decision that awaits a second analyst is overturned: set a new decision.',
        )
      }
      if (input.decision === awaiting?.decision) {
        throw badDecision('An overturn needs another decision than the one overturned.')
      }
      break
    case 'carry_over':
      if (state.status !== 'unreviewed') {
        throw refused('This match already has a decision in this report.')
      }
      return null
  }
  return {
    decision: input.decision,
    reason: writtenReason(input.reason),
    carriedFrom: null,
    carriedFinal: null,
  }
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
  let source = await db
    .selectFrom('match_decisions')
    .selectAll()
    .where('id', '=', input.carriedFrom)
    .executeTakeFirst()
  if (source?.action === 'carry_over' && source.carried_from !== null) {
    source = await db
      .selectFrom('match_decisions')
      .selectAll()
      .where('id', '=', source.carried_from)
      .executeTakeFirst()
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
    carriedFinal: isFinal({
      decision: input.decision,
      action: source.action as DecisionAction,
      carriedFinal: null,
    }),
  }
}

/**
 * Inserts the row unless another decision on the match arrived since its history was read (the
 * rules were checked against that history); a lock per match serialises instances.
 */
async function insertIfUnchanged(db: Db, row: NewRow, newestSeen: number | null) {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`${row.search_id} ${row.match_uuid}`}, 0))`.execute(
      trx,
    )
    const newest = await trx
      .selectFrom('match_decisions')
      .select('id')
      .where('search_id', '=', row.search_id)
      .where('match_uuid', '=', row.match_uuid)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()
    if ((newest?.id ?? null) !== newestSeen) return null
    return trx.insertInto('match_decisions').values(row).returning('id').executeTakeFirstOrThrow()
  })
}

/** Records one decision by the signed-in analyst, after the server has checked everything. */
export async function recordDecision(input: RecordDecisionInput): Promise<DecisionEntry> {
  const viewer = await viewerOrThrow()
  const user = viewerLabel(viewer)
  const searchId = input.searchId.toLowerCase()
  const applicantId = input.subject ? await linkedApplicant(searchId, input.subject) : null
  const report = await readAmlSearch(searchId)
  if (!report.data.some((match) => match.uuid === input.matchUuid)) {
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
    made = checked(input, state, user) ?? (await carryOver(db, input, searchId, applicantId))
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
  const row: NewRow = {
    search_id: searchId,
    match_uuid: input.matchUuid,
    applicant_id: applicantId,
    decision: made.decision,
    action: input.action,
    reason: made.reason,
    user_label: user,
    at: new Date(),
    carried_from: made.carriedFrom,
  }
  await audit(
    viewer,
    'decide',
    resource,
    'ok',
    input.matchUuid,
    `${row.decision} (${row.action}): ${row.reason}`,
  )
  let inserted: { id: number } | null
  try {
    inserted = await insertIfUnchanged(db, row, history.at(-1)?.id ?? null)
  } catch (error) {
    await audit(viewer, 'decide', resource, 'not_recorded', input.matchUuid).catch(() => undefined)
    throw error
  }
  if (!inserted) {
    await audit(viewer, 'decide', resource, 'not_recorded', input.matchUuid).catch(() => undefined)
    throw refused('Another analyst decided on this match meanwhile: look at their decision first.')
  }
  return {
    id: inserted.id,
    searchId,
    matchUuid: row.match_uuid,
    applicantId,
    decision: row.decision,
    action: row.action,
    reason: row.reason,
    user,
    at: row.at.toISOString(),
    carriedFrom: row.carried_from,
    carriedFinal: made.carriedFinal,
  }
}
