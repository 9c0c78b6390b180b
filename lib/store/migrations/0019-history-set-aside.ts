import { sql, type Kysely } from 'kysely'

/*
 * A record the store refuses stops nothing (issue #44): it is set aside here, with its error and
 * size, and the sync moves on. Keyed by a hash of the record's id, since an id too long for a
 * btree index is one of the reasons to set a record aside; the id itself is kept cut short.
 * `page_after` is the cursor of the page it came on, where a retry reads it again; a screening's
 * `search_uuid` opens its report, which is read from the upstream as ever. A timestamp the
 * store cannot hold is stored as null, its text kept in `at_raw`. `poll_floor_at` is the oldest
 * record time an unfinished poll has stored, how far a poll that lost its cursor must walk again.
 */
const statements = [
  `create table history_set_aside (
    key text primary key,
    record_id text not null,
    id_length int not null,
    search_uuid text,
    page_after text,
    error text not null,
    raw_bytes int not null,
    first_seen_at timestamptz not null,
    last_seen_at timestamptz not null,
    attempts int not null default 1,
    next_attempt_at timestamptz not null
  )`,
  `create index history_set_aside_retry on history_set_aside (next_attempt_at)`,
  `alter table history_records add column at_raw text`,
  `alter table history_sync_state add column poll_floor_at timestamptz`,
]

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db)
}
