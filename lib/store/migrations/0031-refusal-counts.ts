import { sql, type Kysely } from 'kysely'

/*
 * Refused deliveries are counted per reason, not each written as a row (issue #54): a flood of
 * unsigned requests updates one row per reason rather than growing a table.
 */
const statements = [
  `create table history_delivery_refusal_counts (
    reason text primary key,
    status integer not null,
    count bigint not null default 0,
    last_at timestamptz not null,
    last_body_bytes integer not null
  )`,
  `insert into history_delivery_refusal_counts (reason, status, count, last_at, last_body_bytes)
    select reason, (array_agg(status order by id desc))[1], count(*), max(at),
      (array_agg(body_bytes order by id desc))[1]
    from history_delivery_refusals group by reason`,
  `drop table history_delivery_refusals`,
]

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db)
}
