import { sql, type Kysely } from 'kysely'

/*
 * Notifications out (issue #46). `notifications` is the delivery log: one row per event, channel
 * and recipient, the unique key that makes a message once however many instances notice the
 * event. Its job (pg-boss, in its own schema `pgboss`, which pg-boss creates and migrates itself)
 * sends it; the row says what was sent, to whom, and how the last try went. The text is made when
 * the event is noticed and is exactly what the channel receives (lib/notifications/content.ts keeps
 * personal data out of it). `notify_preferences`: which of an analyst's own events reach them by
 * e-mail; no row means the defaults.
 */
const statements = [
  `create table notifications (
    id bigserial primary key,
    event_key text not null,
    event_kind text not null,
    channel text not null,
    recipient text not null,
    subject text not null,
    body text not null,
    case_id bigint,
    status text not null default 'queued',
    attempts integer not null default 0,
    last_error text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    sent_at timestamptz,
    unique (event_key, channel, recipient)
  )`,
  `create index notifications_newest on notifications (created_at desc, id desc)`,
  `create table notify_preferences (
    analyst_id text primary key,
    email_events text[] not null,
    updated_at timestamptz not null default now()
  )`,
]

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db)
}
