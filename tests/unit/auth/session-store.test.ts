import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  claimRecheck,
  createSession,
  endSession,
  findSession,
  purgeSessions,
  sessionRows,
} from '@/lib/auth/session-store'
import { openTestStore } from '@/tests/unit/helpers/test-store'
import { anaViewer as ana, sessionTimes as times } from '@/tests/unit/helpers/auth-settings'

/*
 * Sessions as rows, on an embedded store: two "instances" are two calls on the same database,
 * which is what every instance on one PostgreSQL server sees.
 */

const t0 = Date.UTC(2026, 5, 1, 9, 0, 0)
const minutes = (count: number) => count * 60_000

let store: Awaited<ReturnType<typeof openTestStore>>

beforeAll(async () => {
  store = await openTestStore()
}, 60_000)

afterAll(async () => {
  await store.close()
})

describe('sessions in the store', () => {
  it('finds an active session and never keeps the cookie’s id in the table', async () => {
    const { sessionId, ref } = await createSession(store.db, ana, times, t0)
    expect(await findSession(store.db, sessionId, times, t0 + 1000)).toEqual({
      status: 'active',
      viewer: ana,
      ref,
      row: expect.stringMatching(/^[0-9a-f]{64}$/) as string,
      checkedAt: new Date(t0),
    })
    const rows = await store.db.selectFrom('sessions').select('id').execute()
    expect(rows.map((row) => row.id)).not.toContain(sessionId)
    expect(await findSession(store.db, 'not-a-session', times, t0)).toBeNull()
  })

  it('ends a session at once for every reader on sign-out, and only once', async () => {
    const { sessionId } = await createSession(store.db, ana, times, t0)
    expect(await endSession(store.db, sessionId, t0 + 1000)).toMatchObject({
      viewer: ana,
      reason: 'sign_out',
    })
    expect(await findSession(store.db, sessionId, times, t0 + 2000)).toBeNull()
    expect(await endSession(store.db, sessionId, t0 + 3000)).toBeNull()
  })

  it('expires after the idle timeout, reporting it once, and stays alive while used', async () => {
    const { sessionId } = await createSession(store.db, ana, times, t0)
    // Used every 20 minutes: each use moves the idle deadline on.
    for (const at of [20, 40, 60, 80]) {
      expect(await findSession(store.db, sessionId, times, t0 + minutes(at))).toMatchObject({
        status: 'active',
      })
    }
    expect(await findSession(store.db, sessionId, times, t0 + minutes(80 + 31))).toMatchObject({
      status: 'expired',
      reason: 'idle',
    })
    expect(await findSession(store.db, sessionId, times, t0 + minutes(80 + 32))).toBeNull()
  })

  it('expires at its absolute lifetime however busy', async () => {
    const { sessionId } = await createSession(store.db, ana, times, t0)
    for (let at = 20; at < 8 * 60; at += 20) {
      await findSession(store.db, sessionId, times, t0 + minutes(at))
    }
    expect(await findSession(store.db, sessionId, times, t0 + minutes(8 * 60))).toMatchObject({
      status: 'expired',
      reason: 'lifetime',
    })
  })

  it('purges: ends the sessions that expired unseen (once) and deletes ended rows', async () => {
    await store.db.deleteFrom('sessions').execute()
    const idle = await createSession(store.db, ana, times, t0)
    const fresh = await createSession(store.db, ana, times, t0 + minutes(25))
    const signedOut = await createSession(store.db, ana, times, t0)
    await endSession(store.db, signedOut.sessionId, t0 + 1000)

    const ended = await purgeSessions(store.db, times, t0 + minutes(31))
    expect(ended).toEqual([{ viewer: ana, ref: idle.ref, reason: 'idle' }])
    const left = await store.db.selectFrom('sessions').select('id').execute()
    expect(left).toHaveLength(1)
    expect(await findSession(store.db, fresh.sessionId, times, t0 + minutes(32))).toMatchObject({
      status: 'active',
    })
    expect(await purgeSessions(store.db, times, t0 + minutes(32))).toEqual([])
    expect(await purgeSessions(store.db, times, t0 + minutes(9 * 60))).toEqual([
      { viewer: ana, ref: fresh.ref, reason: 'lifetime' },
    ])
  })
})

describe('sessions kept in memory too (the embedded store, written by one process)', () => {
  it('finds a session without reading the table again once it has been read', async () => {
    const rows = sessionRows()
    const { sessionId } = await createSession(store.db, ana, times, t0)
    await findSession(store.db, sessionId, times, t0 + 1000, rows)
    // Gone from the table behind the copy's back: only a process that is not the only writer
    // could do this, which is why a shared PostgreSQL server gets no copy.
    await store.db.deleteFrom('sessions').execute()
    expect(await findSession(store.db, sessionId, times, t0 + 2000, rows)).toMatchObject({
      status: 'active',
    })
  })

  it('ends a session at once on sign-out, also for a read that was under way', async () => {
    const rows = sessionRows()
    const { sessionId } = await createSession(store.db, ana, times, t0)
    await findSession(store.db, sessionId, times, t0 + 1000, rows)
    const reading = findSession(store.db, sessionId, times, t0 + 1500, sessionRows())
    const other = await createSession(store.db, ana, times, t0)
    const racing = findSession(store.db, other.sessionId, times, t0 + 1500, rows)
    await endSession(store.db, other.sessionId, t0 + 1600, rows)
    await Promise.all([reading, racing])
    expect(await endSession(store.db, sessionId, t0 + 2000, rows)).toMatchObject({
      reason: 'sign_out',
    })
    expect(await findSession(store.db, sessionId, times, t0 + 3000, rows)).toBeNull()
    expect(await findSession(store.db, other.sessionId, times, t0 + 3000, rows)).toBeNull()
  })

  it('still expires by idle time and lifetime, and after a purge', async () => {
    const rows = sessionRows()
    const idle = await createSession(store.db, ana, times, t0)
    await findSession(store.db, idle.sessionId, times, t0 + 1000, rows)
    expect(
      await findSession(store.db, idle.sessionId, times, t0 + minutes(32), rows),
    ).toMatchObject({ status: 'expired', reason: 'idle' })
    expect(await findSession(store.db, idle.sessionId, times, t0 + minutes(33), rows)).toBeNull()

    const purged = await createSession(store.db, ana, times, t0)
    await findSession(store.db, purged.sessionId, times, t0 + 1000, rows)
    await purgeSessions(store.db, times, t0 + minutes(31), rows)
    expect(await findSession(store.db, purged.sessionId, times, t0 + minutes(31), rows)).toBeNull()
  })

  it('gives the turn to recheck a session to one request at a time, with the sealed tokens', async () => {
    const { sessionId } = await createSession(store.db, ana, times, t0, 'sealed-tokens')
    const found = await findSession(store.db, sessionId, times, t0 + minutes(16))
    if (found?.status !== 'active') throw new Error('the session should be active')
    const claims = await Promise.all([
      claimRecheck(store.db, found.row, found.checkedAt, t0 + minutes(16)),
      claimRecheck(store.db, found.row, found.checkedAt, t0 + minutes(16)),
    ])
    expect(claims).toEqual(expect.arrayContaining(['lost', { tokens: 'sealed-tokens' }]))
    expect(await findSession(store.db, sessionId, times, t0 + minutes(17))).toMatchObject({
      checkedAt: new Date(t0 + minutes(16)),
    })
    const stored = await store.db
      .selectFrom('sessions')
      .select(['analyst_id', 'user_label'])
      .where('id', '=', found.row)
      .executeTakeFirstOrThrow()
    expect(stored).toEqual({ analyst_id: 'https://idp.test ana', user_label: 'ana@verity.test' })
  })
})
