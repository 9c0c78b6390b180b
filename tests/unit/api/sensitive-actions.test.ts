import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { takeAction, type Taken } from '@/lib/limits/sensitive-actions'
import { openStore, type Store } from '@/lib/store/open'
import { postgresBin, startPostgres, type Postgres } from '@/tools/harness/postgres'
import { openTestStore } from '@/tests/unit/helpers/test-store'

/*
 * The limiter of reveals, unmasked exports and evidence packs, on the embedded store and on two
 * instances' stores on one PostgreSQL server: what one instance counted, the other sees, and
 * concurrent takes from both never let more through than the limit.
 */

const ANA = 'https://idp.example ana'
const BEN = 'https://idp.example ben'
const five = { limit: 5, windowSeconds: 60 }

function retryAfter(taken: Taken | undefined) {
  return taken && !taken.ok ? taken.retryAfterSeconds : null
}

describe('the sensitive-action limiter, embedded', () => {
  it('lets an analyst take the limit, then says how long to wait; others are not affected', async () => {
    const store = await openTestStore()
    try {
      const taken = []
      for (let i = 0; i < 6; i++) taken.push(await takeAction(store.db, ANA, 'reveal', five))
      expect(taken.slice(0, 5)).toEqual(Array(5).fill({ ok: true }))
      // One token comes back every 12 s (5 a minute).
      expect(retryAfter(taken[5])).toBeGreaterThan(10)
      expect(retryAfter(taken[5])).toBeLessThanOrEqual(12)
      expect(await takeAction(store.db, BEN, 'reveal', five)).toEqual({ ok: true })
      expect(await takeAction(store.db, ANA, 'unmasked_export', five)).toEqual({ ok: true })
      // Twelve seconds later one more reveal may go ahead, and only one.
      await sql`update action_limits set updated_at = updated_at - interval '12 seconds'
        where analyst_id = ${ANA} and action = 'reveal'`.execute(store.db)
      expect(await takeAction(store.db, ANA, 'reveal', five)).toEqual({ ok: true })
      expect((await takeAction(store.db, ANA, 'reveal', five)).ok).toBe(false)
    } finally {
      await store.close()
    }
  }, 60_000)
})

describe.skipIf(!postgresBin())('the sensitive-action limiter, two instances on PostgreSQL', () => {
  let postgres: Postgres
  let one: Store
  let two: Store

  beforeAll(async () => {
    postgres = await startPostgres()
    one = await openStore({ databaseUrl: postgres.url, dataDir: '/nonexistent' })
    two = await openStore({ databaseUrl: postgres.url, dataDir: '/nonexistent' })
  }, 120_000)

  afterAll(async () => {
    await one?.close()
    await two?.close()
    postgres?.stop()
  })

  it('holds across instances: what one counted the other refuses', async () => {
    for (let i = 0; i < 5; i++) {
      expect(await takeAction((i % 2 ? one : two).db, ANA, 'evidence_pack', five)).toEqual({
        ok: true,
      })
    }
    expect(await takeAction(one.db, ANA, 'evidence_pack', five)).toMatchObject({ ok: false })
    expect(await takeAction(two.db, ANA, 'evidence_pack', five)).toMatchObject({ ok: false })
  })

  it('lets exactly the limit through when both instances take at once', async () => {
    const ten = { limit: 10, windowSeconds: 3600 }
    const attempts = Array.from({ length: 40 }, (_, i) =>
      takeAction((i % 2 ? one : two).db, BEN, 'unmasked_export', ten),
    )
    const results = await Promise.all(attempts)
    expect(results.filter((result) => result.ok)).toHaveLength(10)
    // One export comes back every 6 minutes (10 an hour).
    expect(retryAfter(results.find((result) => !result.ok))).toBeGreaterThan(350)
    expect(retryAfter(results.find((result) => !result.ok))).toBeLessThanOrEqual(360)
  })
})
