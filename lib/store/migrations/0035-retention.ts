import { sql, type Kysely } from 'kysely'

/*
 * Retention (docs/retention.md): the end of an applicant's business relationship, legal holds,
 * erasure requests, the runs, and one tombstone per erased applicant. Days are `YYYY-MM-DD` text:
 * a calendar day has no time zone, and node-postgres would read a `date` as a local midnight.
 *
 * The tombstone is enforced by the store itself: a row trigger on history_records stores any record
 * of an erased applicant (a re-read page, a late delivery) with its personal columns already empty,
 * whichever path wrote it. One indexed probe per record that names an applicant and carries a name
 * or an external id.
 *
 * The review tables stay append-only (migration 0002) except for one writer: the erasure, which
 * says so for its own transaction (`set local verity.erasing = 'on'`) and only updates; a delete
 * or a truncate is refused as before.
 */
const statements = [
  `create table retention_relationships (
    applicant_id text primary key,
    ended_on text not null check (ended_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    reason text not null,
    user_label text not null,
    analyst_id text,
    at timestamptz not null
  )`,
  `create table retention_holds (
    id bigint generated always as identity primary key,
    applicant_id text not null,
    reason text not null,
    until text check (until ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    placed_by text not null,
    placed_by_id text,
    placed_at timestamptz not null,
    lifted_at timestamptz,
    lifted_by text,
    lift_reason text
  )`,
  `create index retention_holds_applicant on retention_holds (applicant_id, id desc)`,
  `create index retention_holds_open on retention_holds (placed_at desc) where lifted_at is null`,
  `create table retention_requests (
    id bigint generated always as identity primary key,
    applicant_id text not null,
    reason text not null,
    outcome text not null check (outcome in ('granted', 'refused')),
    possible_on text,
    user_label text not null,
    analyst_id text,
    at timestamptz not null
  )`,
  `create index retention_requests_applicant on retention_requests (applicant_id, id desc)`,
  `create table retention_runs (
    id bigint generated always as identity primary key,
    trigger text not null,
    dry_run boolean not null,
    started_at timestamptz not null,
    finished_at timestamptz,
    due int not null default 0,
    held int not null default 0,
    erased int not null default 0,
    error text
  )`,
  `create table retention_erased (
    applicant_id text primary key,
    erased_at timestamptz not null,
    rule text not null,
    run_id bigint,
    counts jsonb not null,
    audited boolean not null default false
  )`,
  `create index retention_erased_unaudited on retention_erased (applicant_id) where not audited`,
  // The holds and the erasure look up an applicant's cases, and their notifications, by these.
  `create index cases_applicant on cases (applicant_id) where applicant_id is not null`,
  `create index notifications_case on notifications (case_id) where case_id is not null`,
  `create function retention_tombstone() returns trigger language plpgsql as $fn$
  begin
    if exists (select 1 from retention_erased where applicant_id = new.applicant_id) then
      new.requested_name := null;
      new.name_key := null;
      new.external_id := null;
    end if;
    return new;
  end
  $fn$`,
  `create trigger history_records_tombstone before insert or update on history_records
    for each row when (new.applicant_id is not null
      and (new.requested_name is not null or new.external_id is not null))
    execute function retention_tombstone()`,
  `create or replace function verity_review_append_only() returns trigger language plpgsql as $fn$
  begin
    if tg_op = 'UPDATE' and current_setting('verity.erasing', true) = 'on' then
      return new;
    end if;
    raise exception '% is append-only', TG_TABLE_NAME;
  end
  $fn$`,
]

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db)
}
