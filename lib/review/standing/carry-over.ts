import 'server-only'

import { sql, type Kysely } from 'kysely'

import { reasonDigest } from '@/lib/audit/reason-digest'
import { auditWork } from '@/lib/audit/record'
import type { Viewer } from '@/lib/auth/viewer'
import { getEnv } from '@/lib/env'
import { asObject, readString } from '@/lib/json/read'
import { SYSTEM_ACTOR } from '@/lib/review/decision-rules'
import { currentPrint, judgedChanges, printMatch } from '@/lib/review/standing/fingerprint'
import type { Database, MatchDecisionRow } from '@/lib/store/schema'

/*
 * Carry-over by itself (docs/architecture.md, match review). When the mirror stores a new
 * screening, each of its matches for which the applicant's standing decision is a settled false
 * positive, made by a person within DECISION_CARRY_DAYS, gets a decision by Verity when its
 * fingerprint is unchanged, and is noted as reopened (with what changed) when it is not. A true
 * match, a second review or a decision awaiting its second analyst is left to the card's offer.
 * Written in the page's transaction; the partial unique index on (report, match) for Verity's rows
 * and `on conflict do nothing` make it once however many instances store the same record.
 */

/** Verity as the audit trail names it: SYSTEM_ACTOR's identity. */
export const SYSTEM_VIEWER: Viewer = {
  iss: 'verity:system',
  sub: 'verity',
  email: null,
  name: SYSTEM_ACTOR.label,
  groups: [],
}

/** A screening the mirror has just stored, with its raw matches. */
export type NewScreening = { searchId: string; applicantId: string; matches: readonly unknown[] }

export type Carried = { id: number; searchId: string; matchUuid: string; reason: string }

export type CarryOutcome = {
  carried: Carried[]
  reopened: number
  /** Reports whose every match was carried over: their case closes itself with this reason. */
  settledReports: Map<string, string>
}

type Db = Kysely<Database>

/** The applicants' standing decisions: the newest per match after any revocation. */
async function standingDecisions(db: Db, applicantIds: readonly string[]) {
  const { rows } = await sql<MatchDecisionRow>`
    select distinct on (d.applicant_id, d.match_uuid) d.*
    from match_decisions d
    where d.applicant_id = any(${[...applicantIds]}::text[])
      and d.id > coalesce((select max(r.decision_id) from decision_revocations r
        where r.applicant_id = d.applicant_id and r.match_uuid = d.match_uuid), 0)
    order by d.applicant_id, d.match_uuid, d.id desc
  `.execute(db)
  return rows
}

/** The last decision by a person behind a standing one: itself, or the one Verity carried. */
async function peopleBehind(db: Db, standing: readonly MatchDecisionRow[]) {
  const ids = standing.flatMap((row) =>
    row.analyst_id === SYSTEM_ACTOR.analystId && row.carried_from !== null
      ? [row.carried_from]
      : [],
  )
  const carried =
    ids.length === 0
      ? []
      : await db.selectFrom('match_decisions').selectAll().where('id', 'in', ids).execute()
  const byId = new Map(carried.map((row) => [row.id, row]))
  return (row: MatchDecisionRow) =>
    row.analyst_id === SYSTEM_ACTOR.analystId ? byId.get(row.carried_from ?? -1) : row
}

/** Whether a standing decision may carry by itself (before its fingerprint is compared). */
export function carriesAlone(
  standing: Pick<MatchDecisionRow, 'decision' | 'settles' | 'fingerprint'>,
  person: Pick<MatchDecisionRow, 'at'> | undefined,
  now: Date,
  carryDays: number,
): boolean {
  return (
    standing.decision === 'false_positive' &&
    standing.settles &&
    standing.fingerprint !== null &&
    person !== undefined &&
    now.getTime() - person.at.getTime() <= carryDays * 86_400_000
  )
}

export function carryReason(person: Pick<MatchDecisionRow, 'id' | 'user_label' | 'at'>) {
  const day = person.at.toISOString().slice(0, 10)
  return `carried over from decision ${person.id} by ${person.user_label} on ${day}; record unchanged`
}

/** Carries standing false positives over to the new screenings, in the caller's transaction. */
export async function carryOverNewScreenings(
  db: Db,
  screenings: readonly NewScreening[],
  now: Date,
  carryDays = getEnv().DECISION_CARRY_DAYS,
): Promise<CarryOutcome> {
  const outcome: CarryOutcome = { carried: [], reopened: 0, settledReports: new Map() }
  if (screenings.length === 0) return outcome
  const standing = await standingDecisions(db, [...new Set(screenings.map((s) => s.applicantId))])
  if (standing.length === 0) return outcome
  const personOf = await peopleBehind(db, standing)
  const byMatch = new Map(standing.map((row) => [`${row.applicant_id} ${row.match_uuid}`, row]))

  for (const screening of screenings) {
    const reasons: string[] = []
    for (const raw of screening.matches) {
      const matchUuid = readString(asObject(raw), 'uuid')
      const row = matchUuid ? byMatch.get(`${screening.applicantId} ${matchUuid}`) : undefined
      if (!matchUuid || !row || row.search_id === screening.searchId) continue
      const person = personOf(row)
      if (!person || !carriesAlone(row, person, now, carryDays)) continue
      const { judged, fingerprint } = printMatch(raw)
      // A decision printed by an older version compares by its raw match, re-derived; without one
      // it reopens: a wrong "unchanged" is the one error not allowed.
      const stood = currentPrint(row)
      if (stood && fingerprint === stood.fingerprint) {
        const reason = carryReason(person)
        const inserted = await sql<{ id: number }>`
          insert into match_decisions (search_id, match_uuid, applicant_id, decision, action,
            reason, user_label, analyst_id, at, carried_from, settles, fingerprint, judged, raw_match)
          select ${screening.searchId}, ${matchUuid}, ${screening.applicantId}, 'false_positive',
            'carry_over', ${reason}, ${SYSTEM_ACTOR.label}, ${SYSTEM_ACTOR.analystId}, ${now},
            ${person.id}, true, ${fingerprint}, ${JSON.stringify(judged)}::jsonb,
            ${JSON.stringify(raw)}::jsonb
          where not exists (select 1 from match_decisions e
            where e.search_id = ${screening.searchId} and e.match_uuid = ${matchUuid})
          on conflict (search_id, match_uuid) where analyst_id = ${sql.lit(SYSTEM_ACTOR.analystId)}
            and action = 'carry_over'
          do nothing
          returning id`.execute(db)
        const id = inserted.rows[0]?.id
        if (id !== undefined) {
          outcome.carried.push({ id, searchId: screening.searchId, matchUuid, reason })
          reasons.push(reason)
        }
      } else {
        const changes = stood ? judgedChanges(stood.judged, judged) : []
        const noted = await db
          .insertInto('match_reopenings')
          .values({
            search_id: screening.searchId,
            match_uuid: matchUuid,
            applicant_id: screening.applicantId,
            decision_id: person.id,
            changes: JSON.stringify(changes),
            at: now,
          })
          .onConflict((conflict) => conflict.columns(['search_id', 'match_uuid']).doNothing())
          .returning('id')
          .executeTakeFirst()
        if (noted) outcome.reopened += 1
      }
    }
    if (screening.matches.length > 0 && reasons.length === screening.matches.length) {
      outcome.settledReports.set(screening.searchId, [...new Set(reasons)].join('; '))
    }
  }
  return outcome
}

export const WITHDRAWN_REASON =
  'carry-over withdrawn: the provider’s history says this match differently from the delivery it was carried onto; review it'

/**
 * The provider's history corrects a delivery (docs/security.md, the poll corrects a delivery): for
 * each screening whose held copy the poll replaced, each carry-over Verity made onto a match whose
 * fingerprint the new content changes is withdrawn (a `second_review` overturn by Verity, which
 * waits for an analyst) and noted as reopened with what changed; matches still undecided carry
 * over on the new content as they would have. The case says so in its log, and one Verity closed
 * opens again. In the caller's transaction.
 */
export async function correctCarryOvers(
  db: Db,
  screenings: readonly NewScreening[],
  now: Date,
  carryDays = getEnv().DECISION_CARRY_DAYS,
): Promise<{ carried: Carried[]; withdrawn: Carried[] }> {
  const withdrawn: Carried[] = []
  for (const screening of screenings) {
    const carriedRows = await db
      .selectFrom('match_decisions as d')
      .selectAll('d')
      .where('d.search_id', '=', screening.searchId)
      .where('d.analyst_id', '=', SYSTEM_ACTOR.analystId)
      .where('d.action', '=', 'carry_over')
      // Only a carry-over still standing in the report: nothing decided on the match since.
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('match_decisions as w')
              .select('w.id')
              .whereRef('w.search_id', '=', 'd.search_id')
              .whereRef('w.match_uuid', '=', 'd.match_uuid')
              .whereRef('w.id', '>', 'd.id'),
          ),
        ),
      )
      .execute()
    const byUuid = new Map(
      screening.matches.flatMap((raw) => {
        const uuid = readString(asObject(raw), 'uuid')
        return uuid ? [[uuid, raw] as const] : []
      }),
    )
    const reopened: string[] = []
    for (const row of carriedRows) {
      const raw = byUuid.get(row.match_uuid)
      if (raw === undefined) continue
      const print = printMatch(raw)
      const stood = currentPrint(row)
      if (stood && stood.fingerprint === print.fingerprint) continue
      const inserted = await sql<{ id: number }>`
        insert into match_decisions (search_id, match_uuid, applicant_id, decision, action,
          reason, user_label, analyst_id, at, carried_from, settles, fingerprint, judged, raw_match)
        values (${row.search_id}, ${row.match_uuid}, ${row.applicant_id}, 'second_review',
          'overturn', ${WITHDRAWN_REASON}, ${SYSTEM_ACTOR.label}, ${SYSTEM_ACTOR.analystId}, ${now},
          ${row.id}, false, ${print.fingerprint}, ${JSON.stringify(print.judged)}::jsonb,
          ${JSON.stringify(raw)}::jsonb)
        on conflict (search_id, match_uuid) where analyst_id = ${sql.lit(SYSTEM_ACTOR.analystId)}
          and action = 'overturn'
        do nothing
        returning id`.execute(db)
      const id = inserted.rows[0]?.id
      if (id === undefined) continue
      withdrawn.push({
        id,
        searchId: row.search_id,
        matchUuid: row.match_uuid,
        reason: WITHDRAWN_REASON,
      })
      reopened.push(row.match_uuid)
      await db
        .insertInto('match_reopenings')
        .values({
          search_id: row.search_id,
          match_uuid: row.match_uuid,
          applicant_id: screening.applicantId,
          decision_id: row.carried_from ?? row.id,
          changes: JSON.stringify(stood ? judgedChanges(stood.judged, print.judged) : []),
          at: now,
        })
        .onConflict((conflict) => conflict.columns(['search_id', 'match_uuid']).doNothing())
        .execute()
    }
    if (reopened.length > 0) await noteOnCase(db, screening.searchId, reopened.length, now)
  }
  const again = await carryOverNewScreenings(db, screenings, now, carryDays)
  return { carried: again.carried, withdrawn }
}

/** The case's log says what the correction did; a case Verity closed opens again. */
async function noteOnCase(db: Db, searchId: string, count: number, now: Date) {
  const kase = await db
    .selectFrom('cases')
    .select(['id', 'state', 'outcome'])
    .where('resource_type', '=', 'aml_search')
    .where('resource_id', '=', searchId)
    .executeTakeFirst()
  if (!kase) return
  const reason = `the provider’s history changed ${count} carried-over ${
    count === 1 ? 'match' : 'matches'
  } after the delivery; ${count === 1 ? 'it waits' : 'they wait'} for review`
  const closedByVerity =
    kase.state === 'closed' &&
    (await db
      .selectFrom('case_events')
      .select('analyst_id')
      .where('case_id', '=', kase.id)
      .where('kind', '=', 'closed')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()
      .then((event) => event?.analyst_id === SYSTEM_ACTOR.analystId))
  if (closedByVerity) {
    await db
      .updateTable('cases')
      .set({
        state: 'open',
        outcome: null,
        close_reason: null,
        updated_at: now,
        version: sql`version + 1`,
      })
      .where('id', '=', kase.id)
      .execute()
  }
  await db
    .insertInto('case_events')
    .values({
      case_id: kase.id,
      kind: closedByVerity ? 'reopened' : 'record_changed',
      analyst_id: SYSTEM_ACTOR.analystId,
      user_label: SYSTEM_ACTOR.label,
      from_state: kase.state,
      to_state: closedByVerity ? 'open' : kase.state,
      owner_id: null,
      owner_label: null,
      outcome: null,
      reason,
      until: null,
      at: now,
    })
    .execute()
}

/** Audits Verity's carry-overs as any decision is: the decision and the SHA-256 of its reason. */
export async function announceCarryOver(
  carried: readonly Carried[],
  withdrawn: readonly Carried[] = [],
) {
  if (carried.length === 0 && withdrawn.length === 0) return
  await auditWork(SYSTEM_VIEWER, 'decide', [
    ...withdrawn.map((row) => ({
      resource: { type: 'aml_search', id: row.searchId },
      outcome: 'ok' as const,
      field: row.matchUuid,
      reason: `second_review (overturn) reason ${reasonDigest(row.reason)}`,
    })),
    ...carried.map((row) => ({
      resource: { type: 'aml_search', id: row.searchId },
      outcome: 'ok' as const,
      field: row.matchUuid,
      reason: `false_positive (carry_over) reason ${reasonDigest(row.reason)}`,
    })),
  ])
}
