import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type * as CarryModule from '@/lib/review/standing/carry-over'
import { printMatch } from '@/lib/review/standing/fingerprint'
import type * as OpenModule from '@/lib/store/open'
import type { Store } from '@/lib/store/open'
import { postgresBin, startPostgres, type Postgres } from '@/tools/harness/postgres'
import { stubEnv } from '@/tests/unit/helpers/env'

/*
 * The carry-over on two instances (two connection pools, as two servers have) of one PostgreSQL
 * server that this file makes with initdb: both store the same new screening at once, each in its
 * own transaction as the mirror's page is, and the match gets one decision by Verity, not two.
 */

let postgres: Postgres | undefined
let instances: Store[] = []
let carry: typeof CarryModule
let open: typeof OpenModule

const matchOf = (uuid: string) => ({ uuid, fields: { names: [{ full_name: `Name ${uuid}` }] } })

describe.skipIf(!postgresBin())('carry-over on two instances of one PostgreSQL server', () => {
  beforeAll(async () => {
    stubEnv({ DS_API_BASE_URL: 'http://127.0.0.1:9', DS_API_KEY: 'k' })
    carry = await import('@/lib/review/standing/carry-over')
    open = await import('@/lib/store/open')
    postgres = await startPostgres()
    const config = { databaseUrl: postgres.url, dataDir: '' }
    instances = await Promise.all([open.openStore(config), open.openStore(config)])
  }, 120_000)

  afterAll(async () => {
    for (const instance of instances) await instance.close()
    postgres?.stop()
    vi.unstubAllEnvs()
  })

  it('records one carried decision per match when both store the same screening at once', async () => {
    const [first] = instances
    const matches = ['m1', 'm2', 'm3'].map(matchOf)
    for (const match of matches) {
      const print = printMatch(match)
      await first!.db
        .insertInto('match_decisions')
        .values({
          search_id: 'old',
          match_uuid: match.uuid,
          applicant_id: 'app-1',
          decision: 'false_positive',
          action: 'set',
          reason: 'Another person entirely',
          user_label: 'ana@verity.test',
          analyst_id: 'https://idp.test ana',
          at: new Date(),
          carried_from: null,
          settles: true,
          fingerprint: print.fingerprint,
          judged: JSON.stringify(print.judged),
        })
        .execute()
    }
    const searches = Array.from({ length: 10 }, (_, index) => `new-${index}`)
    const outcomes = await Promise.all(
      searches.flatMap((searchId) =>
        instances.map((instance) =>
          instance.db
            .transaction()
            .execute((trx) =>
              carry.carryOverNewScreenings(
                trx,
                [{ searchId, applicantId: 'app-1', matches }],
                new Date(),
                365,
              ),
            ),
        ),
      ),
    )
    expect(outcomes.flatMap((outcome) => outcome.carried)).toHaveLength(30)
    const rows = await first!.db
      .selectFrom('match_decisions')
      .select(['search_id', 'match_uuid'])
      .where('user_label', '=', 'Verity')
      .execute()
    expect(rows).toHaveLength(30)
    expect(new Set(rows.map((row) => `${row.search_id} ${row.match_uuid}`)).size).toBe(30)
  })
})
