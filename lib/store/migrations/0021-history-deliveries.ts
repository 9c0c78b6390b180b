import { sql, type Kysely } from 'kysely'

/*
 * The provider's webhook deliveries (POST /api/upstream/webhooks, docs/history-mirror.md). The
 * records themselves go to history_records like the poll's; these tables hold what every instance
 * must agree on about the deliveries: one row of counts and the last delivery, the newest refused
 * deliveries (capped by the receiver), and the delivered records no pass of the sync has met yet,
 * where a poll must not stop (a poll stops at the first record it holds, and a record only a
 * delivery stored says nothing about the records before it).
 */
const statements = [
  `create table history_delivery_stats (
    name text primary key,
    received bigint not null default 0,
    already_held bigint not null default 0,
    refused bigint not null default 0,
    last_received_at timestamptz,
    last_record_id text,
    last_event_type text,
    last_refused_at timestamptz
  )`,
  `insert into history_delivery_stats (name) values ('history')`,
  `create table history_delivery_refusals (
    id bigint generated always as identity primary key,
    at timestamptz not null,
    reason text not null,
    status integer not null,
    body_bytes integer not null
  )`,
  `create table history_delivered_unpolled (
    record_id text primary key,
    delivered_at timestamptz not null
  )`,
]

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db)
}
