import { sql, type Kysely } from 'kysely'

/*
 * Suspicious-activity reports to the FIU (issue #56, docs/reports.md). `fiu_reports`: one report of
 * a case, its state, who drafted and who approved it, and its fields (`fields`: the subject, the
 * narrative with its citations, the indicators) as one JSON document the form edits; `version`
 * makes a change that lost a race a 409. Once approved, `approved_xml` holds the exact bytes
 * approved (their SHA-256 is in the audit chain), so every download is that file. Personal data
 * lives in `fields` and `approved_xml` only, for the retention job (#57) to erase in one place.
 * `fiu_report_events`: each change of state, who made it and why.
 */
const statements = [
  `create table fiu_reports (
    id bigserial primary key,
    case_id bigint not null references cases (id),
    code text not null,
    state text not null default 'draft',
    drafter_id text not null,
    drafter_label text not null,
    approver_id text,
    approver_label text,
    fields jsonb not null,
    decided_at timestamptz not null,
    due_at timestamptz not null,
    prev_rejected_ref text,
    fiu_ref text,
    filed_at timestamptz,
    answered_at timestamptz,
    approved_xml text,
    approved_sha256 text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version integer not null default 0
  )`,
  `create index fiu_reports_case on fiu_reports (case_id)`,
  `create index fiu_reports_open_due on fiu_reports (due_at) where state in ('draft', 'awaiting_approval', 'approved')`,
  `create table fiu_report_events (
    id bigserial primary key,
    report_id bigint not null references fiu_reports (id),
    kind text not null,
    from_state text,
    to_state text,
    analyst_id text not null,
    user_label text not null,
    reason text,
    at timestamptz not null default now()
  )`,
  `create index fiu_report_events_report on fiu_report_events (report_id, id)`,
]

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db)
}
