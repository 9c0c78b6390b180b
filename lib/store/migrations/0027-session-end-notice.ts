import { sql, type Kysely } from 'kysely'

/*
 * Every instance on a PostgreSQL server keeps the sessions it has just read for a few seconds
 * (lib/auth/session-ends.ts), so a session that ends must be forgotten by all of them at once.
 * The table says so itself: a session row that ends, or goes while still active, or the whole
 * table emptied, sends a notice on `verity_session_ends` (the row's id; empty for all), delivered
 * when the change commits. Triggers rather than the app's own statements, so that no way of ending
 * a session can leave another instance trusting it.
 */
const statements = [
  `create function verity_session_ends() returns trigger language plpgsql as $fn$
  begin
    -- A statement's trigger has no row: asked only on the branch that has one.
    if tg_level = 'ROW' then
      perform pg_notify('verity_session_ends', old.id);
    else
      perform pg_notify('verity_session_ends', '');
    end if;
    return null;
  end
  $fn$`,
  `create trigger sessions_ended after update of ended_at on sessions
    for each row when (old.ended_at is null and new.ended_at is not null)
    execute function verity_session_ends()`,
  `create trigger sessions_deleted after delete on sessions
    for each row when (old.ended_at is null)
    execute function verity_session_ends()`,
  `create trigger sessions_truncated after truncate on sessions
    for each statement execute function verity_session_ends()`,
]

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db)
}
