import 'server-only'

import { createHash, randomBytes } from 'node:crypto'

import { sql, type Kysely } from 'kysely'

import type { Database, SessionRow } from '@/lib/store/schema'

import type { Viewer } from './viewer'

/*
 * Sessions as rows: the cookie only carries a random session id (sealed), so ending a row ends the
 * session on every instance at once. A session ends on sign-out, after `idleSeconds` without a
 * request, or `maxAgeSeconds` after sign-in, whichever comes first. The last-seen time is written
 * at most every `touchSeconds`, not on every request.
 *
 * `rows`: a copy of the table kept in memory, for a store that this process alone writes (the
 * embedded one: its data directory admits one process). Every change of a session here changes
 * the copy too, so it is never stale, and a request needs no query to find its session. On a
 * shared PostgreSQL server other instances end sessions too, so there the table is read each time.
 */

type Db = Kysely<Database>

type SessionTimes = { maxAgeSeconds: number; idleSeconds: number }
type EndReason = 'sign_out' | 'idle' | 'lifetime'
type EndedSession = { viewer: Viewer; ref: string; reason: EndReason }
type FoundSession =
  { status: 'active'; viewer: Viewer; ref: string } | ({ status: 'expired' } & EndedSession)

type CachedRow = { viewer: Viewer; expires_at: Date; last_seen_at: Date }
/** `ends` counts the sessions ended so far: a row read while one ended is not kept. */
export type SessionRows = { rows: Map<string, CachedRow>; ends: number }

export function sessionRows(): SessionRows {
  return { rows: new Map(), ends: 0 }
}

function forget(cache: SessionRows | undefined, id?: string) {
  if (!cache) return
  cache.ends += 1
  if (id === undefined) cache.rows.clear()
  else cache.rows.delete(id)
}

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
async function endRow(db: Db, id: string, reason: EndReason, now: number, rows?: SessionRows) {
  forget(rows, id)
  const row = await db
    .updateTable('sessions')
    .set({ ended_at: new Date(now), end_reason: reason })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .returning(['viewer'])
    .executeTakeFirst()
  forget(rows, id)
  return row ? { viewer: storedViewer(row.viewer), ref: refOf(id), reason } : null
}

/*
 * A session made before analysts were identified by issuer and subject names nobody Verity can
 * compare: it no longer counts as signed in (activeRow), and when it ends it is audited under an
 * issuer that says so.
 */
const LEGACY_ISSUER = 'verity:before-issuer'
function storedViewer(viewer: SessionRow['viewer']): Viewer {
  return { ...viewer, iss: viewer.iss ?? LEGACY_ISSUER }
}

async function activeRow(db: Db, id: string, cache?: SessionRows): Promise<CachedRow | null> {
  const cached = cache?.rows.get(id)
  if (cached) return cached
  const ends = cache?.ends
  const row = await db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row || row.ended_at || row.viewer.iss === undefined) return null
  const active = {
    viewer: storedViewer(row.viewer),
    expires_at: row.expires_at,
    last_seen_at: row.last_seen_at,
  }
  if (cache && cache.ends === ends) cache.rows.set(id, active)
  return active
}

export async function findSession(
  db: Db,
  sessionId: string,
  times: SessionTimes,
  now = Date.now(),
  rows?: SessionRows,
): Promise<FoundSession | null> {
  const id = rowId(sessionId)
  const row = await activeRow(db, id, rows)
  if (!row) return null
  const reason: EndReason | null =
    now >= row.expires_at.getTime()
      ? 'lifetime'
      : now >= row.last_seen_at.getTime() + times.idleSeconds * 1000
        ? 'idle'
        : null
  if (reason) {
    const ended = await endRow(db, id, reason, now, rows)
    return ended ? { status: 'expired', ...ended } : null
  }
  if (now - row.last_seen_at.getTime() >= touchSeconds(times) * 1000) {
    row.last_seen_at = new Date(now)
    await db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(now) })
      .where('id', '=', id)
      .where('ended_at', 'is', null)
      .execute()
  }
  return { status: 'active', viewer: row.viewer, ref: refOf(id) }
}

export function endSession(db: Db, sessionId: string, now = Date.now(), rows?: SessionRows) {
  return endRow(db, rowId(sessionId), 'sign_out', now, rows)
}

/**
 * Ends the sessions that expired without another request, and deletes every ended row: the
 * audit trail keeps the history, the table only what may still be used.
 */
export async function purgeSessions(
  db: Db,
  times: SessionTimes,
  now = Date.now(),
  rows?: SessionRows,
): Promise<EndedSession[]> {
  forget(rows)
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
  forget(rows)
  await db.deleteFrom('sessions').where('ended_at', 'is not', null).execute()
  return ended.map((row) => ({
    viewer: storedViewer(row.viewer),
    ref: refOf(row.id),
    reason: row.end_reason as EndReason,
  }))
}
