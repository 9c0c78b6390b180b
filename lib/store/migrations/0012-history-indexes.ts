import { sql, type Kysely } from 'kysely'

/*
 * Indexes for the mirror's reads at a million records (docs/history-mirror.md, "Scale"). The
 * applicant page and search list newest first with records without a time last (`at desc nulls
 * last, id desc`), an order 0004's indexes (`at desc`, nulls first) do not hold, so every list was
 * sorted in full: the applicant page by all of an applicant's records, a name search by every
 * screening. These hold that order, replacing the two they supersede (min/max of `at` and the
 * queue's newer-screening check use them as well). A name search checks each newest screening's
 * words in the (record_id, word) index alone, without reading the word rows.
 */
const statements = [
  `create index history_records_newest on history_records (at desc nulls last, id desc)`,
  `drop index history_records_at`,
  `create index history_records_applicant_newest
    on history_records (applicant_id, at desc nulls last, id desc)`,
  `drop index history_records_applicant`,
  `create index history_name_words_record_word on history_name_words (record_id, word)`,
  `drop index history_name_words_record`,
]

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db)
}
