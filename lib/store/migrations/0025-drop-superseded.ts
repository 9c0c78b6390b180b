import { sql, type Kysely } from 'kysely'

/*
 * The records list that `superseded` and its partial indexes served (migrations 0009 and 0014) is
 * gone: the cases are the queue (issue #45). Nothing reads them, and the triggers and indexes cost
 * every write of the mirror, so they go with it.
 */
const statements = [
  `drop trigger history_records_superseded_on_insert on history_records`,
  `drop trigger history_records_superseded_on_update on history_records`,
  `drop function history_records_superseded_on_insert()`,
  `drop function history_records_superseded_on_update()`,
  `drop function history_records_supersede_among_newest(text[], text[])`,
  `drop function history_records_supersede_among_all(text[], text[])`,
  `drop index history_records_queue`,
  `drop index history_records_queue_verifications`,
  `drop index history_records_screening_subject`,
  `drop index history_records_verification_subject`,
  `alter table history_records drop column superseded`,
]

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db)
}
