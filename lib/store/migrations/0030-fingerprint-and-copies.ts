import { sql, type Kysely } from 'kysely'

/*
 * Security round five (issue #54). A decision keeps the raw match it judged, so a later version of
 * the fingerprint re-derives it rather than compare prints of different versions (decisions made
 * before keep none: an older print reopens its match). Verity may withdraw its own carry-over once
 * per report and match (a `second_review` overturn, when the provider's history corrects the
 * delivery it carried onto), beside the carry-over it made once. A mirrored record keeps the digest
 * of its content and which copy it holds (`delivery` or `poll`), so a polled copy that differs
 * replaces a delivered one and a delivery that differs from a polled one is refused.
 */
const statements = [
  `alter table match_decisions add column raw_match jsonb`,
  `drop index match_decisions_carried_once`,
  `create unique index match_decisions_carried_once on match_decisions (search_id, match_uuid)
    where analyst_id = 'verity:system verity' and action = 'carry_over'`,
  `create unique index match_decisions_withdrawn_once on match_decisions (search_id, match_uuid)
    where analyst_id = 'verity:system verity' and action = 'overturn'`,
  `alter table history_records add column content_digest text`,
  `alter table history_records add column held_copy text`,
]

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db)
}
