import { sql, type Kysely } from 'kysely'

/*
 * The audit trail, its head record and the sessions. Triggers keep the trail append-only for
 * everyone going through SQL; the HMAC chain catches whoever turns them off.
 */
const statements = [
  `create table audit_events (
    seq bigint primary key,
    at timestamptz not null,
    user_label text not null,
    action text not null,
    resource_type text not null,
    resource_id text,
    field text,
    reason text,
    request_id text not null,
    client_request_id text,
    outcome text not null,
    prev_hash text not null,
    hash text not null
  )`,
  `create index audit_events_resource on audit_events (resource_type, resource_id, seq desc)`,
  `create index audit_events_user on audit_events (user_label, seq desc)`,
  `create index audit_events_at on audit_events (at)`,
  `create table audit_head (
    id smallint primary key check (id = 1),
    seq bigint not null,
    hash text not null,
    mac text not null
  )`,
  // The empty trail; its head carries no MAC because the migration does not hold the key.
  `insert into audit_head (id, seq, hash, mac) values (1, 0, '${'0'.repeat(64)}', '')`,
  `create function verity_audit_append_only() returns trigger language plpgsql as $$
  begin
    raise exception 'the audit trail is append-only';
  end
  $$`,
  `create trigger audit_events_append_only before update or delete on audit_events
    for each row execute function verity_audit_append_only()`,
  `create trigger audit_events_no_truncate before truncate on audit_events
    for each statement execute function verity_audit_append_only()`,
  `create table sessions (
    id text primary key,
    user_label text not null,
    viewer jsonb not null,
    created_at timestamptz not null,
    last_seen_at timestamptz not null,
    expires_at timestamptz not null,
    ended_at timestamptz,
    end_reason text
  )`,
  `create index sessions_expiry on sessions (expires_at)`,
]

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db)
}
