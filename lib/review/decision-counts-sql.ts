import 'server-only'

import { sql, type RawBuilder } from 'kysely'

/*
 * The reviewed and awaiting-second counts of one report, as SQL for a lateral join, so lists over
 * the mirror filter and show them in the query that pages them. The same rules as reviewCounts in
 * decisions.ts: a match's newest decision decides it, and it stands when the four-eyes rule said
 * so as it was written (`settles`, decision-rules.ts settlesAlone).
 */
export function decisionCounts(searchUuid: RawBuilder<unknown>) {
  return sql`(
    select count(*)::int as reviewed, count(*) filter (where not latest.settles)::int as awaiting
    from (
      select distinct on (d.match_uuid) d.settles
      from match_decisions d
      where d.search_id = lower(${searchUuid})
      order by d.match_uuid, d.id desc
    ) latest
  )`
}
