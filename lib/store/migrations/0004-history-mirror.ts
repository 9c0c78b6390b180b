import { sql, type Kysely } from 'kysely'

/*
 * The mirror of the upstream's webhook history: one row per history record, holding only what the
 * queue, applicant pages, search and analytics look across (docs/history-mirror.md). Dates of
 * birth, document numbers and the rest of a payload are not stored: a record's details are read
 * from the upstream when it is opened. Rows are upserted by id (a redelivery updates
 * attempts/response_code), so unlike the review tables this one is not append-only.
 */
const statements = [
  `create table history_records (
    id text primary key,
    webhook_id text,
    event_type text,
    at timestamptz,
    payload_state text not null default 'ok'
      check (payload_state in ('ok', 'unreadable', 'no_event_type')),
    applicant_id text,
    screening_id text,
    search_uuid text,
    verification_id text,
    short_id text,
    status text,
    requested_name text,
    name_key text,
    risk text,
    match_count integer,
    external_id text,
    is_sandbox boolean,
    error_codes integer[] not null default '{}',
    attempts integer,
    response_code text,
    first_seen_at timestamptz not null,
    updated_at timestamptz not null
  )`,
  `create index history_records_at on history_records (at desc, id desc)`,
  `create index history_records_applicant on history_records (applicant_id, at desc)`,
  `create index history_records_search on history_records (search_uuid)`,
  `create index history_records_short on history_records (short_id, at desc)`,
  `create index history_records_screening on history_records (screening_id)`,
  `create index history_records_external on history_records (external_id)`,
  `create index history_records_kind on history_records (event_type, risk, at)`,
]

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db)
}
