import { sql, type Kysely } from 'kysely'

/*
 * The case clock (issue #45): a case's age, its place in Take next and its due date count from its
 * record's time (`clock_at`), not from when the mirror met the record. A backfill meets records
 * newest first, so counting from the making handed out the newest work first and called a
 * three-month-old screening "due in 24 h". `clock_at` is fixed when the case is made: the record's
 * time, never later than the making (a record stamped in the future starts its clock when met).
 *
 * Existing cases take it from their record's copied time (migration 0015), and their due date moves
 * back by as much, keeping the hours their kind had when made. A case inserted without it (tests,
 * seeds, the bench) gets it from the record or, failing that, its making; the trigger is named to
 * run after 0015's, which fills the record's time first (same-event triggers run by name).
 *
 * `analyst_presence`: an analyst marked away is passed over by automatic assignment until back.
 */
const CLOCK = `least(coalesce(record_at, created_at), created_at)`

const statements = [
  `alter table cases add column clock_at timestamptz`,
  `update cases set clock_at = ${CLOCK}, due_at = due_at - (created_at - ${CLOCK})`,
  `alter table cases alter column clock_at set not null`,
  `create function cases_set_clock() returns trigger language plpgsql as $fn$
  begin
    if new.clock_at is null then
      new.clock_at := least(coalesce(new.record_at, new.created_at), new.created_at);
    end if;
    return new;
  end
  $fn$`,
  `create trigger cases_set_clock before insert on cases
    for each row execute function cases_set_clock()`,
  `drop index cases_next`,
  `create index cases_next on cases (priority desc, clock_at, id)
    where owner_id is null and state <> 'closed'`,
  `create table analyst_presence (
    analyst_id text primary key,
    away boolean not null,
    changed_at timestamptz not null
  )`,
]

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db)
}
