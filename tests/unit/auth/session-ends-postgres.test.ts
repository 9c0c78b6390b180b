import type { KyselyPlugin } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { listenForSessionEnds } from '@/lib/auth/session-ends'
import {
  createSession,
  endSession,
  findSession,
  sharedSessionRows,
  type SessionRows,
} from '@/lib/auth/session-store'
import { openStore, type Store } from '@/lib/store/open'
import { postgresBin, startPostgres, type Postgres } from '@/tools/harness/postgres'
import { anaViewer as ana, sessionTimes as times } from '@/tests/unit/helpers/auth-settings'

/*
 * Two instances on one PostgreSQL server, each with its own connections, its own copy of the
 * sessions it read and its own LISTEN connection, as two app servers have: a session one of them
 * reads is not read again for a few seconds, yet one ended on the other is refused at once.
 */

/** Counts the statements that read the sessions table through this instance's `db`. */
function sessionReads(): KyselyPlugin & { count: number } {
  return {
    count: 0,
    transformQuery(args) {
      if (args.node.kind === 'SelectQueryNode') this.count += 1
      return args.node
    },
    transformResult: (args) => Promise.resolve(args.result),
  }
}

type Instance = {
  store: Store
  db: Store['db']
  reads: ReturnType<typeof sessionReads>
  rows: SessionRows
  listener: ReturnType<typeof listenForSessionEnds>
}

let postgres: Postgres
let one: Instance
let two: Instance

async function instance(url: string): Promise<Instance> {
  const store = await openStore({ dataDir: '', databaseUrl: url })
  const reads = sessionReads()
  const rows = sharedSessionRows(5_000)
  const listener = listenForSessionEnds(store.pool, rows)
  await listener.started
  return { store, db: store.db.withPlugin(reads), reads, rows, listener }
}

async function until(condition: () => Promise<boolean>, timeoutMs: number) {
  const start = performance.now()
  while (performance.now() - start < timeoutMs) {
    if (await condition()) return performance.now() - start
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`not within ${timeoutMs} ms`)
}

describe.skipIf(!postgresBin())('sessions on two instances of one PostgreSQL server', () => {
  beforeAll(async () => {
    postgres = await startPostgres()
    one = await instance(postgres.url)
    two = await instance(postgres.url)
  }, 60_000)

  afterAll(async () => {
    for (const each of [one, two]) {
      await each?.listener.stop()
      await each?.store.close()
    }
    postgres?.stop()
  })

  it('reads a session once in a few seconds, and refuses it within a second of a sign-out on the other', async () => {
    expect(two.rows.hearing).toBe(true)
    const { sessionId } = await createSession(one.db, ana, times)
    expect(await findSession(two.db, sessionId, times, Date.now(), two.rows)).toMatchObject({
      status: 'active',
    })
    const read = two.reads.count
    expect(await findSession(two.db, sessionId, times, Date.now(), two.rows)).toMatchObject({
      status: 'active',
    })
    // The second request of the session on this instance did not read the table.
    expect(two.reads.count).toBe(read)

    expect(await endSession(one.db, sessionId, Date.now(), one.rows)).toMatchObject({
      reason: 'sign_out',
    })
    const refusedAfter = await until(
      async () => (await findSession(two.db, sessionId, times, Date.now(), two.rows)) === null,
      1_000,
    )
    // Well inside the five seconds the row would otherwise have been kept.
    expect(refusedAfter).toBeLessThan(1_000)
  })

  it('reads a kept row again before ending it as idle, when the other instance kept it in use', async () => {
    const t0 = Date.now()
    const minutes = (count: number) => count * 60_000
    const { sessionId } = await createSession(one.db, ana, times, t0)
    // Instance two keeps the row as it was at sign-in.
    await findSession(two.db, sessionId, times, t0 + 1_000, two.rows)
    // The analyst works on instance one: last seen 29 minutes in.
    await findSession(one.db, sessionId, times, t0 + minutes(29), one.rows)
    // By two's copy the session has been idle for 31 minutes; by the table, for 2.
    expect(await findSession(two.db, sessionId, times, t0 + minutes(31), two.rows)).toMatchObject({
      status: 'active',
    })
    expect(await endSession(one.db, sessionId, t0 + minutes(32), one.rows)).toMatchObject({
      reason: 'sign_out',
    })
  })

  it('keeps nothing while it cannot hear the ends, and listens again', async () => {
    const { sessionId } = await createSession(one.db, ana, times)
    await findSession(two.db, sessionId, times, Date.now(), two.rows)
    // The server drops instance two's listening connection.
    await one.store.pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where query like 'listen %' and pid <> pg_backend_pid()`,
    )
    await until(() => Promise.resolve(!two.rows.hearing), 1_000)
    // Deaf: every request reads the table again, and a sign-out meanwhile counts at once.
    const before = two.reads.count
    await findSession(two.db, sessionId, times, Date.now(), two.rows)
    await findSession(two.db, sessionId, times, Date.now(), two.rows)
    expect(two.reads.count).toBeGreaterThanOrEqual(before + 2)
    // Both instances listen again (the server dropped both) and end it for each other once more.
    await until(() => Promise.resolve(one.rows.hearing && two.rows.hearing), 5_000)
    await findSession(two.db, sessionId, times, Date.now(), two.rows)
    await endSession(one.db, sessionId, Date.now(), one.rows)
    await until(
      async () => (await findSession(two.db, sessionId, times, Date.now(), two.rows)) === null,
      1_000,
    )
  })
})
