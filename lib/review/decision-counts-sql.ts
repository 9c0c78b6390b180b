import 'server-only'

import { sql, type RawBuilder } from 'kysely'

/*
 * The reviewed and awaiting-second counts of one report, as SQL for a lateral join, so lists over
 * the mirror filter and show them in the query that pages them. The same rules as reviewCounts in
 * decisions.ts and isFinal in decision-rules.ts: a match's newest decision decides it; it is final
 * when confirmed or overturned, when it is a false positive, or when it carries a final decision.
 */
export function decisionCounts(searchUuid: RawBuilder<unknown>) {
  return sql`(
    select count(*)::int as reviewed, count(*) filter (where not latest.final)::int as awaiting
    from (
      select distinct on (d.match_uuid)
        coalesce(
          d.action in ('confirm', 'overturn')
            or (d.action = 'carry_over' and (
              src.action in ('confirm', 'overturn')
              or (src.action <> 'carry_over' and src.decision = 'false_positive')
            ))
            or (d.action not in ('carry_over', 'confirm', 'overturn')
              and d.decision = 'false_positive'),
          false
        ) as final
      from match_decisions d
      left join match_decisions src on src.id = d.carried_from
      where d.search_id = lower(${searchUuid})
      order by d.match_uuid, d.id desc
    ) latest
  )`
}
