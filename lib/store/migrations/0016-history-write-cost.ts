import { sql, type Kysely } from 'kysely'

import { historyChangedFunction, VERIFICATION_COLUMNS } from './0013-analytics-rollups'

/*
 * What a mirror page costs the store to write, which bounds the backfill (docs/history-mirror.md,
 * "Scale"). Measured at a million records, per 1,000-record page (docs/performance-log.md, 26 Nov):
 *
 * - 0013's trigger found a touched verification's newest record by sorting all of its records
 *   (thousands per short id in the simulated history): 1.2 s. Each short id now reads its newest
 *   record alone, along history_records_short (short_id, at desc).
 * - A name's words were written by a row trigger, each word checked against its record by the
 *   foreign key: about 120 ms. One statement trigger now writes a statement's words, and a delete
 *   trigger, not the foreign key, removes them with their record: about 35 ms.
 * - Three indexes nothing reads any more: history_records_kind and history_records_event_at (the
 *   queue reads its partial indexes, analytics its rollups) and history_records_search (an id
 *   search compares lower(search_uuid), indexed since 0010).
 */
const NEWEST_EACH = `        select n.* from touched t cross join lateral (
          select ${VERIFICATION_COLUMNS}
          from history_records h
          where h.short_id = t.short_id and h.event_type = 'DOCVER' and h.at is not null
          order by h.at desc, h.id desc
          limit 1
        ) n`

/** A name's words, split as migration 0009 and lib/search/mirror.ts split them. */
const words = (rows: string) => `
    insert into history_name_words (word, record_id)
      select distinct word, r.id
      from ${rows}, regexp_split_to_table(r.name_key, $re$[\\s,.()'’-]+$re$) as word
      where word <> ''`

const statements = [
  historyChangedFunction(NEWEST_EACH).replace('create function', 'create or replace function'),
  `drop trigger history_name_words_sync on history_records`,
  `drop function history_name_words_sync()`,
  `alter table history_name_words drop constraint history_name_words_record_id_fkey`,
  `create function history_name_words_inserted() returns trigger language plpgsql as $$
  begin
    ${words('new_rows r')};
    return null;
  end
  $$`,
  `create function history_name_words_updated() returns trigger language plpgsql as $$
  begin
    -- The superseded flag's updates (migration 0014) never change a name.
    if pg_trigger_depth() > 1 then return null; end if;
    delete from history_name_words w using new_rows n, old_rows o
      where o.id = n.id and n.name_key is distinct from o.name_key and w.record_id = o.id;
    ${words(`new_rows r join old_rows o on o.id = r.id and r.name_key is distinct from o.name_key`)};
    return null;
  end
  $$`,
  `create function history_name_words_deleted() returns trigger language plpgsql as $$
  begin
    delete from history_name_words where record_id in (select id from old_rows);
    return null;
  end
  $$`,
  `create trigger history_name_words_inserted after insert on history_records
    referencing new table as new_rows
    for each statement execute function history_name_words_inserted()`,
  `create trigger history_name_words_updated after update on history_records
    referencing old table as old_rows new table as new_rows
    for each statement execute function history_name_words_updated()`,
  `create trigger history_name_words_deleted after delete on history_records
    referencing old table as old_rows
    for each statement execute function history_name_words_deleted()`,
  `drop index history_records_kind`,
  `drop index history_records_search`,
  `drop index history_records_event_at`,
]

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db)
}
