import 'server-only'

import { createHash, randomBytes } from 'node:crypto'

import { sql, type Kysely } from 'kysely'

import type { Database } from '@/lib/store/schema'

import type { Viewer } from './viewer'

/*
 * Sessions as rows: the cookie only carries a random session id (sealed), so ending a row ends the
 * session on every instance at once. A session ends on sign-out, after `idleSeconds` without a
 * request, or `maxAgeSeconds` after sign-in, whichever comes first. The last-seen time is written
 * at most every `touchSeconds`, not on every request.
 */

type Db = Kysely<Database>

export type SessionTimes = { maxAgeSeconds: number; idleSeconds: number }
export type EndReason = 'sign_out' | 'idle' | 'lifetime'
export type EndedSession = { viewer: Viewer; ref: string; reason: EndReason }
export type FoundSession =
  { status: 'active'; viewer: Viewer; ref: string } | ({ status: 'expired' } & EndedSession)

/** The row id: a hash, so the table cannot be turned back into session ids. */
function rowId(sessionId: string) {
  return createHash('sha256').update(sessionId).digest('hex')
}

/** How the audit trail names a session: a prefix of its row id, never the id in the cookie. */
function refOf(id: string) {
  return id.slice(0, 16)
}

function touchSeconds(times: SessionTimes) {
  return Math.min(60, Math.floor(times.idleSeconds / 10))
}

export async function createSession(db: Db, viewer: Viewer, times: SessionTimes, now = Date.now()) {
  const sessionId = randomBytes(32).toString('base64url')
  const id = rowId(sessionId)
  await db
    .insertInto('sessions')
    .values({
      id,
      user_label: viewer.email ?? viewer.name ?? viewer.sub,
      viewer: JSON.stringify(viewer),
      created_at: new Date(now),
      last_seen_at: new Date(now),
      expires_at: new Date(now + times.maxAgeSeconds * 1000),
    })
    .execute()
  return { sessionId, ref: refOf(id) }
}

/** Ends an active session; null when it had already ended (so each end is reported once). */
async function endRow(db: Db, id: string, reason: EndReason, now: number) {
  const row = await db
    .updateTable('sessions')
    .set({ ended_at: new Date(now), end_reason: reason })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .returning(['viewer'])
    .executeTakeFirst()
  return row ? { viewer: row.viewer, ref: refOf(id), reason } : null
}

export async function findSession(
  db: Db,
  sessionId: string,
  times: SessionTimes,
  now = Date.now(),
): Promise<FoundSession | null> {
  const id = rowId(sessionId)
  const row = await db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row || row.ended_at) return null
  const reason: EndReason | null =
    now >= row.expires_at.getTime()
      ? 'lifetime'
      : now >= row.last_seen_at.getTime() + times.idleSeconds * 1000
        ? 'idle'
        : null
  if (reason) {
    const ended = await endRow(db, id, reason, now)
    return ended ? { status: 'expired', ...ended } : null
  }
  if (now - row.last_seen_at.getTime() >= touchSeconds(times) * 1000) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(now) })
      .where('id', '=', id)
      .where('ended_at', 'is', null)
      .execute()
  }
  return { status: 'active', viewer: row.viewer, ref: refOf(id) }
}

export function endSession(db: Db, sessionId: string, now = Date.now()) {
  return endRow(db, rowId(sessionId), 'sign_out', now)
}

/**
 * Ends the sessions that expired without another request, and deletes every ended row: the
 * audit trail keeps the history, the table only what may still be used.
 */
export async function purgeSessions(
  db: Db,
  times: SessionTimes,
  now = Date.now(),
): Promise<EndedSession[]> {
  const at = new Date(now)
  const idleSince = new Date(now - times.idleSeconds * 1000)
  const ended = await db
    .updateTable('sessions')
    .set({
      ended_at: at,
      end_reason: sql<string>`case when expires_at <= ${at} then 'lifetime' else 'idle' end`,
    })
    .where('ended_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', '<=', at), eb('last_seen_at', '<=', idleSince)]))
    .returning(['id', 'viewer', 'end_reason'])
    .execute()
  await db.deleteFrom('sessions').where('ended_at', 'is not', null).execute()
  return ended.map((row) => ({
    viewer: row.viewer,
    ref: refOf(row.id),
    reason: row.end_reason as EndReason,
  }))
}
