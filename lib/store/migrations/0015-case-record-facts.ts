import { sql, type Kysely } from 'kysely'

/*
 * A case keeps a copy of its record's time, webhook and environment, so /analytics times the
 * closes of a period's screening cases and filters cases without looking up each case's record in
 * the mirror: at a million records, finding every closed case's screening by id was most of the
 * page's time (docs/analytics.md, "Performance"), since a case knew its record but not when it ran.
 *
 * Triggers keep the copy whoever writes (lib/cases, tests, the bench): a case takes it from its
 * record when inserted; a record written again (redelivered with another time) or deleted
 * (retention) sets it on its cases, null when the record is gone, as the lookup found nothing.
 * A case's record_id never changes. The triggers' own updates (migration 0014's superseded flag)
 * change nothing copied, so they are not looked at (pg_trigger_depth).
 */
const COPY = `record_at = n.at, record_webhook_id = n.webhook_id, record_is_sandbox = n.is_sandbox`
const DIFFERS = `(c.record_at, c.record_webhook_id, c.record_is_sandbox)
      is distinct from (n.at, n.webhook_id, n.is_sandbox)`

const statements = [
  `alter table cases add column record_at timestamptz, add column record_webhook_id text,
    add column record_is_sandbox boolean`,
  // The review-times chart reads a period's closed screening cases by their screening's time.
  `create index cases_closed_screening_record_at on cases (record_at)
    where kind = 'screening' and state = 'closed'`,
  `create function cases_record_facts() returns trigger language plpgsql as $fn$
  begin
    select h.at, h.webhook_id, h.is_sandbox into new.record_at, new.record_webhook_id,
      new.record_is_sandbox
    from history_records h where h.id = new.record_id;
    return new;
  end
  $fn$`,
  `create trigger cases_record_facts before insert on cases
    for each row execute function cases_record_facts()`,
  `create function cases_record_written() returns trigger language plpgsql as $fn$
  begin
    if pg_trigger_depth() > 1 then return null; end if;
    update cases c set ${COPY} from new_rows n
    where c.record_id = n.id and ${DIFFERS};
    return null;
  end
  $fn$`,
  `create function cases_record_deleted() returns trigger language plpgsql as $fn$
  begin
    update cases c set record_at = null, record_webhook_id = null, record_is_sandbox = null
    from old_rows o
    where c.record_id = o.id
      and (c.record_at, c.record_webhook_id, c.record_is_sandbox) is distinct from (null, null, null);
    return null;
  end
  $fn$`,
  // A trigger with transition tables has one event each (PostgreSQL's rule).
  `create trigger cases_record_inserted after insert on history_records
    referencing new table as new_rows
    for each statement execute function cases_record_written()`,
  `create trigger cases_record_updated after update on history_records
    referencing new table as new_rows
    for each statement execute function cases_record_written()`,
  `create trigger cases_record_deleted after delete on history_records
    referencing old table as old_rows
    for each statement execute function cases_record_deleted()`,
]

/** Copies every case's record facts afresh (the migration's fill of cases made before it). */
export async function fillCaseRecordFacts<T>(db: Kysely<T>) {
  await sql
    .raw(`update cases c set ${COPY} from history_records n where n.id = c.record_id`)
    .execute(db)
}

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db)
  await fillCaseRecordFacts(db)
}
