import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, expect, vi } from 'vitest'

import { stubEnv } from './env'
import { startFakeUpstream, type FakeUpstream } from './fake-upstream'
import { withAppStore } from './test-store'

/*
 * Match review against the history mirror: the app's store with the mirror's tables emptied
 * before each test, a fake upstream serving what the test says, and a backfill of the mirror from
 * that upstream. The audit trail's and the sync's log lines are kept out of the output.
 */

async function load() {
  return {
    review: await import('@/lib/review/report-review'),
    sync: await import('@/lib/history-mirror/sync'),
    lease: await import('@/lib/history-mirror/lease'),
    store: await import('@/lib/store/store'),
  }
}

export function mirrorReview(apiKey: string) {
  let fake: FakeUpstream
  let modules: Awaited<ReturnType<typeof load>>

  withAppStore()

  beforeAll(async () => {
    fake = await startFakeUpstream()
    stubEnv({ DS_API_BASE_URL: fake.url, DS_API_KEY: apiKey })
    modules = await load()
  })

  afterAll(async () => {
    vi.unstubAllEnvs()
    await fake.close()
  })

  const db = async () => (await modules.store.getStore()).db

  beforeEach(async () => {
    const store = await db()
    await sql`delete from history_records`.execute(store)
    await sql`delete from history_set_aside`.execute(store)
    await sql`delete from history_sync_lease`.execute(store)
    await sql`delete from history_sync_state`.execute(store)
    await sql`insert into history_sync_state (name) values ('history')`.execute(store)
  })

  beforeEach(() => {
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    return () => stdout.mockRestore()
  })

  return {
    fake: () => fake,
    review: () => modules.review,
    db,
    /** Backfills the mirror from the fake upstream as it is now; `serve` then sets it up afresh. */
    async mirrorAll(serve: () => void) {
      const store = await db()
      expect(await modules.lease.takeLease(store, 'test', 45)).toBe(true)
      const context = {
        db: store,
        holder: 'test',
        pageSize: 50,
        recordCap: 1 << 20,
        between: async () => {},
      }
      while (await modules.sync.backfillPage(context)) await context.between()
      serve()
    },
    /** Pages of the live webhook history read since the fake was last reset. */
    pagesRead: () =>
      fake.requests.filter((request) =>
        request.url.startsWith('/api/v3/notifications/webhook/history'),
      ).length,
  }
}
