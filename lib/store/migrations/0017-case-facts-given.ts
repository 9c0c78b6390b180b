import { sql, type Kysely } from 'kysely'

/*
 * The mirror makes its cases from their records (lib/cases/create.ts), so it inserts each case
 * with its record's facts; 0015's row trigger then looked every one of them up again, a query per
 * case for about a quarter of a backfill's records. It now runs only for a case inserted without
 * them (tests, seeds), which it fills as before.
 */
const statements = [
  `drop trigger cases_record_facts on cases`,
  `create trigger cases_record_facts before insert on cases
    for each row
    when (new.record_at is null and new.record_webhook_id is null and new.record_is_sandbox is null)
    execute function cases_record_facts()`,
]

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db)
}
