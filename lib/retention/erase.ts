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

  const records = await sql`
    update history_records set requested_name = null, name_key = null, external_id = null
    where applicant_id = ${applicantId}
      and (requested_name is not null or name_key is not null or external_id is not null)
  `.execute(trx)

  // The records' reports and verifications: notes and decisions are keyed by them.
  // Search ids as sent and in lower case: each table's index is on the column itself.
  const keys = await sql<{ searches: string[] | null; shorts: string[] | null }>`
    select array_agg(distinct s) filter (where s is not null) as searches,
      array_agg(distinct short_id) filter (where short_id is not null) as shorts
    from history_records, unnest(array[search_uuid, lower(search_uuid)]) as s
    where applicant_id = ${applicantId}
  `.execute(trx)
  const searches = keys.rows[0]?.searches ?? []
  const shorts = keys.rows[0]?.shorts ?? []

  const caseIds = (
    await sql<{ id: number }>`
      select id from cases where applicant_id = ${applicantId}
      union select id from cases
        where resource_type = 'aml_search' and resource_id = any(${searches}::text[])
      union select id from cases
        where resource_type = 'verification' and resource_id = any(${shorts}::text[])
    `.execute(trx)
  ).rows.map((row) => row.id)

  const cases = await sql`
    update cases set close_reason = ${text}
    where id = any(${caseIds}::bigint[]) and close_reason is not null and close_reason <> ${text}
  `.execute(trx)
  const caseEvents = await sql`
    update case_events set reason = ${text}
    where case_id = any(${caseIds}::bigint[]) and reason is not null and reason <> ${text}
  `.execute(trx)
  const decisions = await sql`
    update match_decisions set reason = ${text}, judged = null
    where id in (
      select id from match_decisions where applicant_id = ${applicantId}
      union select id from match_decisions where search_id = any(${searches}::text[])
    ) and (reason <> ${text} or judged is not null)
  `.execute(trx)
  const revocations = await sql`
    update decision_revocations set reason = ${text}
    where applicant_id = ${applicantId} and reason <> ${text}
  `.execute(trx)
  const reopenings = await sql`
    update match_reopenings set changes = '[]'::jsonb
    where applicant_id = ${applicantId} and changes <> '[]'::jsonb
  `.execute(trx)
  const notes = await sql`
    update notes set body = ${text}
    where ((resource_type = 'aml_search' and resource_id = any(${searches}::text[]))
      or (resource_type = 'verification' and resource_id = any(${shorts}::text[])))
      and body <> ${text}
  `.execute(trx)
  const notifications = await sql`
    update notifications set subject = ${text}, body = ${text}
    where case_id = any(${caseIds}::bigint[]) and (subject <> ${text} or body <> ${text})
  `.execute(trx)
  // The leads' own words about the person (an end's reason, a hold's, a request's).
  const retention = await Promise.all([
    sql`update retention_relationships set reason = ${text}
      where applicant_id = ${applicantId}`.execute(trx),
    sql`update retention_holds set reason = ${text},
        lift_reason = case when lift_reason is null then null else ${text} end
      where applicant_id = ${applicantId}`.execute(trx),
    sql`update retention_requests set reason = ${text}
      where applicant_id = ${applicantId}`.execute(trx),
  ])

  const counts: ErasedCounts = {
    records: count(records),
    cases: count(cases),
    caseEvents: count(caseEvents),
    decisions: count(decisions),
    revocations: count(revocations),
    reopenings: count(reopenings),
    notes: count(notes),
    notifications: count(notifications),
    retention: retention.reduce((sum, result) => sum + count(result), 0),
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
