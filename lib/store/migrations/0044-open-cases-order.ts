import { sql, type Kysely } from 'kysely'

/*
 * The queue's views of open work read in due or age order from an index (lib/cases/list.ts): at a
 * million records a store holds hundreds of thousands of open cases, and the first page sorted
 * every one of them (`state = 'closed', due_at, id`, 1.4 s in EXPLAIN ANALYZE at 283,000). A view
 * that leaves closed cases out orders by `due_at, id` (or `clock_at, id`) alone, and these partial
 * indexes hand out its first page.
 */

const statements = [
  `create index cases_open_due on cases (due_at, id) where state <> 'closed'`,
  `create index cases_open_clock on cases (clock_at, id) where state <> 'closed'`,
]

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db)
}
