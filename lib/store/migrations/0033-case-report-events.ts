import { sql, type Kysely } from 'kysely'

/*
 * A report to the FIU's changes of state are lines of its case's log (issue #56), marked with the
 * report they are about: every reader of a case's log keeps them from anyone but leads and the
 * report's drafter (tipping-off rules, docs/reports.md).
 */
const statements = [
  `alter table case_events add column fiu_report_id bigint references fiu_reports (id)`,
  `create index case_events_fiu_report on case_events (fiu_report_id) where fiu_report_id is not null`,
]

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db)
}
