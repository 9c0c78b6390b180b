import 'server-only'

import { sql, type Kysely } from 'kysely'

import { analystId } from '@/lib/auth/viewer'
import { DEMO_ANALYSTS } from '@/lib/cases/demo'
import { caseName, type NamedCaseRow } from '@/lib/cases/read'
import type { Database } from '@/lib/store/schema'
import { upstreamGet } from '@/lib/upstream/client'
import { amlSearchResultSchema, verificationSchema } from '@/lib/upstream/schemas'

import { caseFacts } from './facts'
import { draftReport } from './service'

/*
 * `npm run demo`'s report to the FIU (VERITY_DEMO_WORK): one true-match case of the demo's team
 * history gets a drafted STR by the analyst who closed it, so /reports and a report's page show
 * what a report looks like. Once: only while the store holds no report at all. Its facts are read
 * from the simulator directly, as the rest of the demo's seed is (no one is signed in).
 */

const segment = encodeURIComponent

/** `now`: the demo seed's clock, the time of the draft. */
export async function seedDemoReport(db: Kysely<Database>, now: Date): Promise<number | null> {
  const any = await db.selectFrom('fiu_reports').select('id').limit(1).executeTakeFirst()
  if (any) return null
  const owners = new Map(DEMO_ANALYSTS.map((analyst) => [analystId(analyst), analyst]))
  const candidates = await db
    .selectFrom('cases')
    .selectAll()
    .select(caseName.as('name'))
    .where('kind', '=', 'screening')
    .where('state', '=', 'closed')
    .where('outcome', '=', 'true_match')
    .where('owner_id', 'in', [...owners.keys()])
    // One whose applicant was verified, so the subject comes from a document.
    .orderBy(
      sql`exists (select 1 from history_records h where h.applicant_id = cases.applicant_id and h.short_id is not null)`,
      'desc',
    )
    .orderBy('updated_at', 'desc')
    .limit(1)
    .execute()
  const kase: NamedCaseRow | undefined = candidates[0]
  const drafter = kase?.owner_id ? owners.get(kase.owner_id) : undefined
  if (!kase || !drafter) return null
  const facts = await caseFacts(db, kase, {
    amlSearch: (searchId) =>
      upstreamGet(`/api/v3/aml/search/history/${segment(searchId)}`, amlSearchResultSchema),
    verification: (shortId) =>
      upstreamGet(`/api/v3/verifications/short/${segment(shortId)}`, verificationSchema),
  })
  return (await draftReport(db, drafter, kase, 'STR', facts, null, now)).id
}
