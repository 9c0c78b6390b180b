import { sql, type Kysely } from 'kysely'

/*
 * Cases: who owns each queue item (a screening to review, a failed verification), its state, its
 * due date and its outcome (docs/cases.md). One case per reviewed resource, kept unique so that
 * two instances making cases from the same mirror page make it once. The case row changes; its
 * event log does not (the review tables' trigger refuses updates and deletes).
 */
const statements = [
  `create table cases (
    id bigint generated always as identity primary key,
    kind text not null check (kind in ('screening', 'failed_verification')),
    resource_type text not null check (resource_type in ('aml_search', 'verification')),
    resource_id text not null,
    record_id text not null,
    applicant_id text,
    risk text,
    priority integer not null,
    state text not null default 'open'
      check (state in ('open', 'in_review', 'waiting', 'escalated', 'closed')),
    owner_id text,
    owner_label text,
    due_at timestamptz not null,
    snoozed_until timestamptz,
    outcome text check (outcome in ('false_positive', 'true_match', 'no_action_needed')),
    close_reason text,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    version integer not null default 0,
    unique (resource_type, resource_id),
    check ((state = 'closed') = (outcome is not null))
  )`,
  `create index cases_next on cases (priority desc, created_at, id) where owner_id is null and state <> 'closed'`,
  `create index cases_owner on cases (owner_id, due_at)`,
  `create index cases_state on cases (state, due_at)`,
  `create table case_events (
    id bigint generated always as identity primary key,
    case_id bigint not null references cases (id),
    kind text not null,
    analyst_id text,
    user_label text not null,
    from_state text,
    to_state text,
    owner_id text,
    owner_label text,
    outcome text,
    reason text,
    until timestamptz,
    at timestamptz not null
  )`,
  `create index case_events_case on case_events (case_id, id)`,
  `create trigger case_events_append_only before update or delete on case_events
    for each row execute function verity_review_append_only()`,
  `create trigger case_events_no_truncate before truncate on case_events
    for each statement execute function verity_review_append_only()`,
]

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db)
}
