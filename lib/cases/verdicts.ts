import 'server-only'

import type { Kysely } from 'kysely'

import { readAmlSearch } from '@/lib/data/reads'
import { isFinal, type Decision, type DecisionAction } from '@/lib/review/decision-rules'
import type { Database } from '@/lib/store/schema'

import type { MatchVerdict } from './rules'

/** The matches of an AML report, as the upstream lists them now. */
export async function reportMatches(searchId: string): Promise<string[]> {
  const report = await readAmlSearch(searchId)
  return report.data.map((match) => match.uuid)
}

/** The newest decision on each match of a report, and whether it stands under the four-eyes rule. */
export async function matchVerdicts(
  db: Kysely<Database>,
  searchId: string,
): Promise<Map<string, MatchVerdict>> {
  const rows = await db
    .selectFrom('match_decisions as d')
    .leftJoin('match_decisions as src', 'src.id', 'd.carried_from')
    .select([
      'd.match_uuid',
      'd.decision',
      'd.action',
      'src.decision as src_decision',
      'src.action as src_action',
    ])
    .where('d.search_id', '=', searchId.toLowerCase())
    .distinctOn('d.match_uuid')
    .orderBy('d.match_uuid')
    .orderBy('d.id', 'desc')
    .execute()
  return new Map(
    rows.map((row) => {
      const carriedFinal =
        row.action === 'carry_over'
          ? isFinal({
              decision: row.src_decision as Decision,
              action: row.src_action as DecisionAction,
              carriedFinal: null,
            })
          : null
      const final = isFinal({
        decision: row.decision as Decision,
        action: row.action as DecisionAction,
        carriedFinal,
      })
      return [row.match_uuid, { decision: row.decision, final }]
    }),
  )
}
