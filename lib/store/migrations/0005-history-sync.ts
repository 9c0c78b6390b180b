import { sql, type Kysely } from 'kysely'

/*
 * The history mirror's own bookkeeping (docs/history-mirror.md). One state row holds the cursors
 * and counts, checkpointed with every page in the page's own transaction, so a restart resumes
 * where the last committed page left off. The lease row names the one instance that syncs; time
 * is the database's, so instances with skewed clocks agree on when a lease has expired.
 */
const statements = [
  `create table history_sync_state (
    name text primary key,
    history_order text check (history_order in ('newest_first', 'oldest_first')),
    backfill_cursor text,
    backfill_done boolean not null default false,
    backfill_pages integer not null default 0,
    backfill_records bigint not null default 0,
    backfill_seconds double precision not null default 0,
    backfill_started_at timestamptz,
    backfill_done_at timestamptz,
    poll_cursor text,
    polls integer not null default 0,
    last_poll_at timestamptz,
    records bigint not null default 0,
    last_error_at timestamptz,
    last_error text,
    updated_at timestamptz not null default now()
  )`,
  `insert into history_sync_state (name) values ('history')`,
  `create table history_sync_lease (
    name text primary key,
    holder text not null,
    acquired_at timestamptz not null,
    expires_at timestamptz not null
  )`,
]

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db)
}
