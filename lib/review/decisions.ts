import 'server-only'

import { createHash } from 'node:crypto'

import { sql, type Kysely } from 'kysely'
import { z } from 'zod'

import { checkFreeText, isReason, REASON_MIN } from '@/lib/api/free-text'
import { amlSearchIdParam, hasNoControlCharacters } from '@/lib/api/params'
import { ProblemError } from '@/lib/api/problem-error'
import { audit, auditRead } from '@/lib/audit/record'
import { AuthRequiredError } from '@/lib/auth/errors'
import { getViewer } from '@/lib/auth/session'
import { analystId, viewerLabel, type Viewer } from '@/lib/auth/viewer'
import { decisionRecordedOnCase } from '@/lib/cases/record-events'
import { readAmlSearch } from '@/lib/data/reads'
import {
  allowedActions,
  DECISION_ACTIONS,
  decisionLabels,
  DECISIONS,
  reviewState,
  settlesAlone,
  type Decision,
  type DecisionAction,
  type DecisionEntry,
  type MatchDecisions,
  type MatchReviewState,
  type ReviewCounts,
  type ReviewViewer,
  type SearchDecisions,
} from '@/lib/review/decision-rules'
import { parseSubjectParam, type SubjectSource } from '@/lib/review/subject'
import { loadSubjectContext } from '@/lib/review/subject-context'
import {
  mirroredLink,
  rememberedLink,
  rememberLink,
  type SubjectLink,
} from '@/lib/review/subject-link'
import type { Database, MatchDecisionRow } from '@/lib/store/schema'
import { getStore } from '@/lib/store/store'

/*
 * Analysts' decisions on the matches of AML reports, in the store. Every decision is a new row
 * (the table refuses updates), written only after its audit line: the trail writer commits on its
 * own connection (and the embedded store has one connection), so the two cannot share a
 * transaction, and a decision whose audit line cannot be written does not happen, as an export.
 * If the row then cannot be written, a second audit line says so. The audit line carries the
 * SHA-256 of the reason, never the reason: free text may hold personal data, and the trail and
 * standard output keep everything forever. Reading the decisions is audited too.
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
  return db.selectFrom('match_decisions as d').selectAll('d')
}

function entryOf(row: MatchDecisionRow): DecisionEntry {
  return {
    id: row.id,
    searchId: row.search_id,
    matchUuid: row.match_uuid,
    applicantId: row.applicant_id,
    decision: row.decision as Decision,
    action: row.action as DecisionAction,
    reason: row.reason,
    user: row.user_label,
    analystId: row.analyst_id,
    at: row.at.toISOString(),
    carriedFrom: row.carried_from,
    settles: row.settles,
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

function reviewViewer(viewer: Viewer): ReviewViewer {
  return { analystId: analystId(viewer), label: viewerLabel(viewer) }
}

/** What the trail keeps of a reason: its SHA-256, enough to prove which text it was. */
export function reasonDigest(reason: string) {
  return `sha256:${createHash('sha256').update(reason).digest('hex')}`
}

/**
 * Every decision of one report, and the applicant's decisions in other reports. `poll` is the
 * browser's own request, which never looks the subject up in the webhook history.
 */
export async function decisionsForSearch(
  searchId: string,
  subject: SubjectSource | null,
  { poll = false }: { poll?: boolean } = {},
): Promise<SearchDecisions> {
  const viewer = await viewerOrThrow()
  const id = searchId.toLowerCase()
  const applicantId = subject ? await knownApplicant(id, subject, poll) : null
  await auditRead(viewer, { type: 'aml_search', id }, 'decisions')
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
    viewer: reviewViewer(viewer),
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
    .selectFrom('match_decisions')
    .select(['search_id', 'settles'])
    .where('search_id', 'in', [...byLower.keys()])
    .distinctOn(['search_id', 'match_uuid'])
    .orderBy('search_id')
    .orderBy('match_uuid')
    .orderBy('id', 'desc')
    .execute()
  for (const row of newest) {
    const counts = result.get(byLower.get(row.search_id) ?? row.search_id)
    if (!counts) continue
    counts.reviewed += 1
    if (!row.settles) counts.awaitingSecond += 1
  }
  return result
}

// ---- the subject's applicant ----

/*
 * Which applicant a subject is, looked up once and remembered, failed lookups too
 * (lib/review/subject-link.ts). The decisions list, which the browser polls, never reads the
 * webhook history for it: a screening subject is resolved by the page load that shows it, or found
 * in the history mirror; a poll that finds it in neither answers without the applicant (only
 * decisions remembered from other reports are missing) until a page load resolves it.
 */
async function subjectLink(
  searchId: string,
  subject: SubjectSource,
  poll: boolean,
): Promise<SubjectLink | null> {
  const kept = rememberedLink(searchId, subject)
  if (kept) return kept
  if (subject.kind === 'screening') {
    const mirrored = await mirroredLink(searchId, subject.recordId)
    if (mirrored) {
      rememberLink(searchId, subject, mirrored)
      return mirrored
    }
    if (poll) return null
  }
  const context = await loadSubjectContext(searchId, subject)
  return context.ok ? { ok: true, applicantId: context.applicantId } : context
}

/** The applicant of a linked subject; a problem when it is not linked. */
async function linkedApplicant(searchId: string, subject: SubjectSource) {
  const link = await subjectLink(searchId, subject, false)
  if (!link?.ok) {
    throw new ProblemError(
      400,
      `subject_${link?.reason ?? 'not_found'}`,
      'Unknown subject',
      link?.reason === 'not_linked'
        ? 'The subject named is not linked to this AML report.'
        : 'The subject of this report could not be found.',
    )
  }
  return link.applicantId
}

/** For reads: the applicant, or null when the subject is not linked to the report (or, on a poll, not known yet). */
async function knownApplicant(searchId: string, subject: SubjectSource, poll: boolean) {
  const link = await subjectLink(searchId, subject, poll)
  return link?.ok ? link.applicantId : null
}

// ---- writes ----

type Made = {
  decision: Decision
  reason: string
  carriedFrom: number | null
  /** For a carry-over, whether the decision it carried had settled its match. */
  carriedSettled: boolean | null
}

type NewRow = {
  search_id: string
  match_uuid: string
  applicant_id: string | null
  decision: Decision
  action: DecisionAction
  reason: string
  user_label: string
  analyst_id: string
  at: Date
  carried_from: number | null
  settles: boolean
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
function checked(
  input: RecordDecisionInput,
  state: MatchReviewState,
  viewer: ReviewViewer,
): Made | null {
  const allowed = allowedActions(state, viewer)
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
              ? 'A second review is not confirmed: overturn it with a decision.'
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
    carriedSettled: null,
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
    carriedSettled: source.settles,
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
  const who = reviewViewer(viewer)
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
    made = checked(input, state, who) ?? (await carryOver(db, input, searchId, applicantId))
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
    user_label: who.label,
    analyst_id: who.analystId,
    at: new Date(),
    carried_from: made.carriedFrom,
    settles: settlesAlone(state, made.decision, input.action, made.carriedSettled),
  }
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
    inserted = await insertIfUnchanged(db, row, history.at(-1)?.id ?? null)
  } catch (error) {
    await audit(viewer, 'decide', resource, 'not_recorded', input.matchUuid).catch(() => undefined)
    throw error
  }
  if (!inserted) {
    await audit(viewer, 'decide', resource, 'not_recorded', input.matchUuid).catch(() => undefined)
    throw refused('Another analyst decided on this match meanwhile: look at their decision first.')
  }
  await decisionRecordedOnCase(db, viewer, row)
  return {
    id: inserted.id,
    searchId,
    matchUuid: row.match_uuid,
    applicantId,
    decision: row.decision,
    action: row.action,
    reason: row.reason,
    user: row.user_label,
    analystId: row.analyst_id,
    at: row.at.toISOString(),
    carriedFrom: row.carried_from,
    settles: row.settles,
  }
}
