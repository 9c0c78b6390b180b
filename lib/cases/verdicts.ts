import 'server-only'

import type { Kysely } from 'kysely'

import type { Database } from '@/lib/store/schema'
import { readAmlSearch } from '@/lib/upstream/reads'

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
  // `settles` was decided by the four-eyes rule when the entry was written (decision-rules.ts).
  const rows = await db
    .selectFrom('match_decisions')
    .select(['match_uuid', 'decision', 'settles'])
    .where('search_id', '=', searchId.toLowerCase())
    .distinctOn('match_uuid')
    .orderBy('match_uuid')
    .orderBy('id', 'desc')
    .execute()
  return new Map(
    rows.map((row) => [row.match_uuid, { decision: row.decision, final: row.settles }]),
  )
}
