import 'server-only'

import { sql, type Transaction } from 'kysely'

import type { Database } from '@/lib/store/schema'

import { erasedText, type RetentionRule } from './contract'

/*
 * The erasure of one applicant, inside the caller's transaction (docs/retention.md, "What is
 * erased"). Its tombstone is written first: a second instance erasing the same applicant waits on
 * it and then finds it there, so each applicant is erased once, and from the commit every record
 * of theirs that arrives again is stored erased (migration 0035's trigger). What stays is the
 * skeleton: ids, kinds, times, statuses, risk levels, match and check counts, so the queue's
 * history, analytics and the audit trail's references still count right.
 */

/** Rows changed per kind. */
export type ErasedCounts = {
  records: number
  cases: number
  caseEvents: number
  decisions: number
  revocations: number
  reopenings: number
  notes: number
  notifications: number
  retention: number
}

const count = (result: { numAffectedRows?: bigint }) => Number(result.numAffectedRows ?? 0)

/**
 * Erases one applicant; null when it already was (another instance got there first). `day` is
 * the erasure's day, written in place of erased text.
 */
export async function eraseApplicant(
  trx: Transaction<Database>,
  applicantId: string,
  rule: RetentionRule,
  runId: number | null,
  now: Date,
): Promise<ErasedCounts | null> {
  const tombstone = await trx
    .insertInto('retention_erased')
    .values({ applicant_id: applicantId, erased_at: now, rule, run_id: runId, counts: '{}' })
    .onConflict((conflict) => conflict.column('applicant_id').doNothing())
    .returning('applicant_id')
    .executeTakeFirst()
  if (!tombstone) return null
  // The review tables are append-only but for this transaction's updates (migration 0035).
  await sql`set local verity.erasing = 'on'`.execute(trx)
  const text = erasedText(now.toISOString().slice(0, 10))

  // The records' names go, and their reports and verifications are read (notes, decisions and
  // cases are keyed by them) in the same statement, which sees the rows as they were before it.
  // Search ids as sent and in lower case: each table's index is on the column itself.
  const first = await sql<{ records: number; searches: string[] | null; shorts: string[] | null }>`
    with erased as (
      update history_records set requested_name = null, name_key = null, external_id = null
      where applicant_id = ${applicantId}
        and (requested_name is not null or name_key is not null or external_id is not null)
      returning 1
    ),
    keys as (
      select array_agg(distinct s) filter (where s is not null) as searches,
        array_agg(distinct short_id) filter (where short_id is not null) as shorts
      from history_records, unnest(array[search_uuid, lower(search_uuid)]) as s
      where applicant_id = ${applicantId}
    )
    select (select count(*)::int from erased) as records, keys.searches, keys.shorts from keys
  `.execute(trx)
  const searches = first.rows[0]?.searches ?? []
  const shorts = first.rows[0]?.shorts ?? []

  const caseIds = (
    await sql<{ id: number }>`
      select id from cases where applicant_id = ${applicantId}
      union select id from cases
        where resource_type = 'aml_search' and resource_id = any(${searches}::text[])
      union select id from cases
        where resource_type = 'verification' and resource_id = any(${shorts}::text[])
    `.execute(trx)
  ).rows.map((row) => row.id)

  // Most applicants have no case (only High and Medium screenings and failed verifications make
  // one): a statement fewer for them.
  const work =
    caseIds.length === 0
      ? { cases: 0, caseEvents: 0, notifications: 0 }
      : ((
          await sql<{ cases: number; caseEvents: number; notifications: number }>`
            with c as (
              update cases set close_reason = ${text}
              where id = any(${caseIds}::bigint[]) and close_reason is not null
                and close_reason <> ${text}
              returning 1
            ),
            e as (
              update case_events set reason = ${text}
              where case_id = any(${caseIds}::bigint[]) and reason is not null and reason <> ${text}
              returning 1
            ),
            n as (
              update notifications set subject = ${text}, body = ${text}
              where case_id = any(${caseIds}::bigint[]) and (subject <> ${text} or body <> ${text})
              returning 1
            ),
            -- Reports to the FIU (no longer held: filed longer ago than the retention period): the
            -- subject's every value, the narrative and its citations, the approved XML (its
            -- SHA-256 stays, as in the audit chain).
            f as (
              update fiu_reports set
                fields = jsonb_set(
                  fields || jsonb_build_object('subjectSource', ${text}::text, 'reason', ${text}::text,
                    'action', ${text}::text, 'partyReason', ${text}::text, 'citations', '[]'::jsonb),
                  '{subject}',
                  coalesce((select jsonb_object_agg(key, ${text}::text)
                    from jsonb_object_keys(fields->'subject') as key), '{}'::jsonb)),
                approved_xml = null
              where case_id = any(${caseIds}::bigint[]) and fields->>'reason' is distinct from ${text}
              returning id
            ),
            fe as (
              update fiu_report_events set reason = ${text}
              where report_id in (select id from fiu_reports where case_id = any(${caseIds}::bigint[]))
                and reason is not null and reason <> ${text}
              returning 1
            )
            -- A report's rows count with the case's: the counts are shown to analysts, who may not
            -- learn that a report exists (tipping-off rules).
            select (select count(*)::int from c) + (select count(*)::int from f)
                + (select count(*)::int from fe) as cases,
              (select count(*)::int from e) as "caseEvents",
              (select count(*)::int from n) as notifications
          `.execute(trx)
        ).rows[0] ?? { cases: 0, caseEvents: 0, notifications: 0 })

  // Decisions and their revocations and reopenings, notes, and the leads' own words about the
  // person (an end's reason, a hold's, a request's), in one statement.
  const review = (
    await sql<{
      decisions: number
      revocations: number
      reopenings: number
      notes: number
      retention: number
    }>`
      with d as (
        update match_decisions set reason = ${text}, judged = null, raw_match = null
        where id in (
          select id from match_decisions where applicant_id = ${applicantId}
          union select id from match_decisions where search_id = any(${searches}::text[])
        ) and (reason <> ${text} or judged is not null or raw_match is not null)
        returning 1
      ),
      v as (
        update decision_revocations set reason = ${text}
        where applicant_id = ${applicantId} and reason <> ${text}
        returning 1
      ),
      o as (
        update match_reopenings set changes = '[]'::jsonb
        where applicant_id = ${applicantId} and changes <> '[]'::jsonb
        returning 1
      ),
      n as (
        update notes set body = ${text}
        where ((resource_type = 'aml_search' and resource_id = any(${searches}::text[]))
          or (resource_type = 'verification' and resource_id = any(${shorts}::text[])))
          and body <> ${text}
        returning 1
      ),
      r1 as (
        update retention_relationships set reason = ${text}
        where applicant_id = ${applicantId} returning 1
      ),
      r2 as (
        update retention_holds set reason = ${text},
          lift_reason = case when lift_reason is null then null else ${text} end
        where applicant_id = ${applicantId} returning 1
      ),
      r3 as (
        update retention_requests set reason = ${text}
        where applicant_id = ${applicantId} returning 1
      )
      select (select count(*)::int from d) as decisions,
        (select count(*)::int from v) as revocations,
        (select count(*)::int from o) as reopenings,
        (select count(*)::int from n) as notes,
        (select count(*)::int from r1) + (select count(*)::int from r2)
          + (select count(*)::int from r3) as retention
    `.execute(trx)
  ).rows[0]!

  const counts: ErasedCounts = {
    records: first.rows[0]?.records ?? 0,
    cases: work.cases,
    caseEvents: work.caseEvents,
    decisions: review.decisions,
    revocations: review.revocations,
    reopenings: review.reopenings,
    notes: review.notes,
    notifications: work.notifications,
    retention: review.retention,
  }
  await trx
    .updateTable('retention_erased')
    .set({ counts: JSON.stringify(counts) })
    .where('applicant_id', '=', applicantId)
    .execute()
  return counts
}

/**
 * Records of erased applicants that still carry a name or an external id: stored by a
 * transaction that began before the erasure committed (the trigger could not see its tombstone
 * yet). Each run starts by erasing them.
 */
export async function sweepTombstoned(trx: Transaction<Database>): Promise<number> {
  const result = await sql`
    update history_records h set requested_name = null, name_key = null, external_id = null
    from retention_erased e
    where h.applicant_id = e.applicant_id
      and (h.requested_name is not null or h.name_key is not null or h.external_id is not null)
  `.execute(trx)
  return count(result)
}
