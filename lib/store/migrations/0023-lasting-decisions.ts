import { sql, type Kysely } from 'kysely'

/*
 * Lasting decisions (issue #45, docs/architecture.md, match review). Each decision keeps the
 * fingerprint of the match it judged and the judged fields it was made from (null on decisions
 * made before), so a false positive carries over to a new screening while the record is unchanged
 * and a changed one says what changed. Verity records a carry-over once per report and match (the
 * partial unique index; its identity is SYSTEM_ACTOR in lib/review/decision-rules.ts). A match that
 * came back changed is noted once per report and match; a lead's revocation ends a standing false
 * positive for the carry-over (both append-only, as decisions).
 */
const statements = [
  `alter table match_decisions add column fingerprint text`,
  `alter table match_decisions add column judged jsonb`,
  `create unique index match_decisions_carried_once on match_decisions (search_id, match_uuid)
    where analyst_id = 'verity:system verity'`,
  `create table match_reopenings (
    id bigint generated always as identity primary key,
    search_id text not null,
    match_uuid text not null,
    applicant_id text not null,
    decision_id bigint not null references match_decisions (id),
    changes jsonb not null,
    at timestamptz not null,
    unique (search_id, match_uuid)
  )`,
  `create index match_reopenings_at on match_reopenings (at)`,
  `create index match_reopenings_applicant on match_reopenings (applicant_id, match_uuid, id desc)`,
  `create table decision_revocations (
    id bigint generated always as identity primary key,
    applicant_id text not null,
    match_uuid text not null,
    decision_id bigint not null references match_decisions (id),
    reason text not null,
    user_label text not null,
    analyst_id text not null,
    at timestamptz not null
  )`,
  `create index decision_revocations_match on decision_revocations (applicant_id, match_uuid, decision_id desc)`,
  ...['match_reopenings', 'decision_revocations'].flatMap((table) => [
    `create trigger ${table}_append_only before update or delete on ${table}
      for each row execute function verity_review_append_only()`,
    `create trigger ${table}_no_truncate before truncate on ${table}
      for each statement execute function verity_review_append_only()`,
  ]),
]

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db)
}
