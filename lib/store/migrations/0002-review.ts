import { sql, type Kysely } from 'kysely'

/*
 * Analysts' decisions on AML matches and their notes. Both are append-only like the audit trail:
 * a changed decision is a new row, so the history an auditor reads is the history that happened.
 */
const statements = [
  `create table match_decisions (
    id bigint generated always as identity primary key,
    search_id text not null,
    match_uuid text not null,
    applicant_id text,
    decision text not null check (decision in ('true_match', 'false_positive', 'second_review')),
    action text not null check (action in ('set', 'confirm', 'overturn', 'carry_over')),
    reason text not null,
    user_label text not null,
    at timestamptz not null,
    carried_from bigint references match_decisions (id)
  )`,
  `create index match_decisions_search on match_decisions (search_id, match_uuid, id desc)`,
  `create index match_decisions_applicant on match_decisions (applicant_id, match_uuid, id desc)`,
  `create table notes (
    id bigint generated always as identity primary key,
    resource_type text not null check (resource_type in ('verification', 'aml_search')),
    resource_id text not null,
    body text not null,
    user_label text not null,
    at timestamptz not null
  )`,
  `create index notes_resource on notes (resource_type, resource_id, id desc)`,
  `create function verity_review_append_only() returns trigger language plpgsql as $$
  begin
    raise exception '% is append-only', TG_TABLE_NAME;
  end
  $$`,
  ...['match_decisions', 'notes'].flatMap((table) => [
    `create trigger ${table}_append_only before update or delete on ${table}
      for each row execute function verity_review_append_only()`,
    `create trigger ${table}_no_truncate before truncate on ${table}
      for each statement execute function verity_review_append_only()`,
  ]),
]

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db)
}
