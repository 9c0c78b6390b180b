import { sql, type Kysely } from 'kysely'

/*
 * Search and the work queue over the mirror (docs/history-mirror.md, "Queue, applicant pages and
 * search"). A name is found by any of its words or a word's beginning: each word of a record's
 * name_key is a row of history_name_words, kept by a trigger so the mirror's upserts need not know
 * of it (words split at spaces and at - ' . , and brackets, as lib/search/mirror.ts splits a
 * query), and compared byte-wise (collate "C") so `like 'alv%'` walks the index. The queue's
 * partial index holds only the records that can be work, in the queue's own order.
 */
const statements = [
  `create table history_name_words (
    word text collate "C" not null,
    record_id text not null references history_records (id) on delete cascade,
    primary key (word, record_id)
  )`,
  `create index history_name_words_record on history_name_words (record_id)`,
  `create function history_name_words_sync() returns trigger language plpgsql as $$
  begin
    if tg_op = 'UPDATE' then
      if new.name_key is not distinct from old.name_key then return null; end if;
      delete from history_name_words where record_id = new.id;
    end if;
    insert into history_name_words (word, record_id)
      select distinct word, new.id
      from regexp_split_to_table(new.name_key, $re$[\\s,.()'’-]+$re$) as word
      where word <> '';
    return null;
  end
  $$`,
  `create trigger history_name_words_sync after insert or update of name_key on history_records
    for each row execute function history_name_words_sync()`,
  `insert into history_name_words (word, record_id)
    select distinct word, id
    from history_records, regexp_split_to_table(name_key, $re$[\\s,.()'’-]+$re$) as word
    where word <> ''`,
  `create index history_records_queue on history_records (
    (case when risk = 'High' or event_type = 'DOCVER' then 2 else 1 end) desc, at, id
  ) where at is not null and (
    (event_type = 'AML_SCREENING' and risk in ('High', 'Medium'))
    or (event_type = 'DOCVER' and status = 'failed')
  )`,
]

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db)
}
