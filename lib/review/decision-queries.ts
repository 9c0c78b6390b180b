import 'server-only'

import { sql, type Kysely } from 'kysely'

import type { Decision, DecisionAction, DecisionEntry } from '@/lib/review/decision-rules'
import type { Database, MatchDecisionRow } from '@/lib/store/schema'

/* The store's side of match decisions: every read starts from one select of the table. */

export type Db = Kysely<Database>

export type NewDecisionRow = {
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
  fingerprint?: string | null
  /** JSON of the judged fields (lib/review/standing/fingerprint.ts). */
  judged?: string | null
  /** JSON of the raw match judged, for a later fingerprint version to re-derive from. */
  raw_match?: string | null
}

function decisionRows(db: Db) {
  return db.selectFrom('match_decisions as d').selectAll('d')
}

export function entryOf(
  row: Omit<MatchDecisionRow, 'fingerprint' | 'judged' | 'raw_match'>,
): DecisionEntry {
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

/** Every decision of one report, oldest first. */
export function searchDecisionRows(db: Db, searchId: string) {
  return decisionRows(db).where('d.search_id', '=', searchId).orderBy('d.id').execute()
}

/** One match's history in one report, oldest first. */
export async function matchHistory(db: Db, searchId: string, matchUuid: string) {
  const rows = await decisionRows(db)
    .where('d.search_id', '=', searchId)
    .where('d.match_uuid', '=', matchUuid)
    .orderBy('d.id')
    .execute()
  return rows.map(entryOf)
}

/** The applicant's newest decision per match in the reports other than `searchId`. */
export function rememberedRows(db: Db, applicantId: string, searchId: string) {
  return decisionRows(db)
    .where('d.applicant_id', '=', applicantId)
    .where('d.search_id', '<>', searchId)
    .distinctOn('d.match_uuid')
    .orderBy('d.match_uuid')
    .orderBy('d.id', 'desc')
    .execute()
}

export function decisionById(db: Db, id: number) {
  return decisionRows(db).where('d.id', '=', id).executeTakeFirst()
}

/** Whether the newest decision of each match of these reports settled it (lower-case ids). */
export function newestSettles(db: Db, searchIds: string[]) {
  return db
    .selectFrom('match_decisions')
    .select(['search_id', 'settles'])
    .where('search_id', 'in', searchIds)
    .distinctOn(['search_id', 'match_uuid'])
    .orderBy('search_id')
    .orderBy('match_uuid')
    .orderBy('id', 'desc')
    .execute()
}

/**
 * Inserts the row unless another decision on the match arrived since its history was read (the
 * rules were checked against that history); a lock per match serialises instances.
 */
export async function insertIfUnchanged(db: Db, row: NewDecisionRow, newestSeen: number | null) {
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

/** The matches of a report that came back changed, with the decision they had. */
export function reopeningsOf(db: Db, searchId: string) {
  return db
    .selectFrom('match_reopenings as r')
    .innerJoin('match_decisions as d', 'd.id', 'r.decision_id')
    .select(['r.match_uuid', 'r.changes', 'd.id', 'd.decision', 'd.user_label', 'd.at'])
    .where('r.search_id', '=', searchId)
    .execute()
}
