import 'server-only'

import { createHash, randomBytes } from 'node:crypto'

import { sql, type Kysely } from 'kysely'

import type { Database, SessionRow } from '@/lib/store/schema'

import { analystId, BEFORE_ISSUER, viewerLabel, type Viewer } from './viewer'

/*
 * Sessions as rows: the cookie only carries a random session id (sealed), so ending a row ends the
 * session on every instance at once. A session ends on sign-out, after `idleSeconds` without a
 * request, or `maxAgeSeconds` after sign-in, whichever comes first. The last-seen time is written
 * at most every `touchSeconds`, not on every request. A row also keeps when the provider last
 * confirmed the account and, sealed, the provider's tokens to ask it again with
 * (lib/auth/provider-check.ts): neither ever reaches the browser.
 *
 * `rows`: a copy of the table kept in memory, so that a request needs no query to find its
 * session. For a store that this process alone writes (the embedded one: its data directory admits
 * one process), every change of a session here changes the copy too, so it is never stale. On a
 * shared PostgreSQL server other instances end sessions too: there a row read is kept for a few
 * seconds only (`keepMs`), and only while this instance hears the server's notices of ended
 * sessions (`hearing`, lib/auth/session-ends.ts), which forget it at once on every instance.
 */

type Db = Kysely<Database>

export type SessionTimes = { maxAgeSeconds: number; idleSeconds: number }
/** `provider_refused`: the provider no longer vouches for the account (lib/auth/provider-check.ts). */
export type EndReason = 'sign_out' | 'idle' | 'lifetime' | 'provider_refused'
export type EndedSession = { viewer: Viewer; ref: string; reason: EndReason }
export type ActiveSession = {
  status: 'active'
  viewer: Viewer
  ref: string
  /** The row's id, to recheck or end it by. */
  row: string
  /** When the provider last confirmed the account. */
  checkedAt: Date
}
export type FoundSession = ActiveSession | ({ status: 'expired' } & EndedSession)

type CachedRow = {
  viewer: Viewer
  expires_at: Date
  last_seen_at: Date
  checked_at: Date
  /** When this instance read it (performance.now()). */
  readAt: number
}
/**
 * `ends` counts the sessions ended (or forgotten) so far: a row read while one ended is not kept.
 * `keepMs`: how long a row read stays trusted. `hearing`: whether ends elsewhere reach this copy;
 * without that nothing is kept.
 */
export type SessionRows = {
  rows: Map<string, CachedRow>
  ends: number
  keepMs: number
  hearing: boolean
}

/** The copy of a store this process alone writes: kept until it changes here. */
export function sessionRows(): SessionRows {
  return { rows: new Map(), ends: 0, keepMs: Infinity, hearing: true }
}

/**
 * The copy of an instance on a shared server: rows kept `keepMs`, and none until the instance
 * hears the ends of sessions (lib/auth/session-ends.ts sets `hearing`).
 */
export function sharedSessionRows(keepMs: number): SessionRows {
  return { rows: new Map(), ends: 0, keepMs, hearing: false }
}

/** Drops one row of the copy, or all; a read under way when it happens is not kept either. */
export function forget(cache: SessionRows | undefined, id?: string) {
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

/** `providerTokens`: sealed (lib/auth/provider-check.ts), null when the provider gave none. */
export async function createSession(
  db: Db,
  viewer: Viewer,
  times: SessionTimes,
  now = Date.now(),
  providerTokens: string | null = null,
) {
  const sessionId = randomBytes(32).toString('base64url')
  const id = rowId(sessionId)
  await db
    .insertInto('sessions')
    .values({
      id,
      user_label: viewerLabel(viewer),
      analyst_id: analystId(viewer),
      viewer: JSON.stringify(viewer),
      created_at: new Date(now),
      last_seen_at: new Date(now),
      expires_at: new Date(now + times.maxAgeSeconds * 1000),
      checked_at: new Date(now),
      provider_tokens: providerTokens,
    })
    .execute()
  return { sessionId, ref: refOf(id) }
}

/** Ends an active session; null when it had already ended (so each end is reported once). */
export async function endRow(
  db: Db,
  id: string,
  reason: EndReason,
  now: number,
  rows?: SessionRows,
) {
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
function storedViewer(viewer: SessionRow['viewer']): Viewer {
  return { ...viewer, iss: viewer.iss ?? BEFORE_ISSUER }
}

/** The row, from the copy while it may be trusted, else from the table (and kept if it may be). */
async function activeRow(
  db: Db,
  id: string,
  cache?: SessionRows,
): Promise<(CachedRow & { copied: boolean }) | null> {
  const cached = cache?.hearing ? cache.rows.get(id) : undefined
  if (cached && performance.now() - cached.readAt < cache!.keepMs)
    return { ...cached, copied: true }
  if (cached) cache!.rows.delete(id)
  const ends = cache?.ends
  const readAt = performance.now()
  const row = await db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row || row.ended_at || row.viewer.iss === undefined) return null
  const active = {
    viewer: storedViewer(row.viewer),
    expires_at: row.expires_at,
    last_seen_at: row.last_seen_at,
    checked_at: row.checked_at,
    readAt,
  }
  if (cache?.hearing && cache.ends === ends) cache.rows.set(id, active)
  return { ...active, copied: false }
}

export async function findSession(
  db: Db,
  sessionId: string,
  times: SessionTimes,
  now = Date.now(),
  rows?: SessionRows,
): Promise<FoundSession | null> {
  const id = rowId(sessionId)
  let row = await activeRow(db, id, rows)
  if (!row) return null
  let reason = endReason(row, times, now)
  // Another instance may have seen the session since this one kept its row: the table decides.
  if (reason === 'idle' && row.copied && rows!.keepMs !== Infinity) {
    forget(rows, id)
    row = await activeRow(db, id, rows)
    if (!row) return null
    reason = endReason(row, times, now)
  }
  if (reason) {
    const ended = await endRow(db, id, reason, now, rows)
    return ended ? { status: 'expired', ...ended } : null
  }
  if (now - row.last_seen_at.getTime() >= touchSeconds(times) * 1000) {
    const kept = rows?.rows.get(id)
    if (kept) kept.last_seen_at = new Date(now)
    await db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(now) })
      .where('id', '=', id)
      .where('ended_at', 'is', null)
      .execute()
  }
  return {
    status: 'active',
    viewer: row.viewer,
    ref: refOf(id),
    row: id,
    checkedAt: row.checked_at,
  }
}

function endReason(row: CachedRow, times: SessionTimes, now: number): EndReason | null {
  if (now >= row.expires_at.getTime()) return 'lifetime'
  if (now >= row.last_seen_at.getTime() + times.idleSeconds * 1000) return 'idle'
  return null
}

/**
 * Takes the turn to recheck a session with the provider: moves its check time from `seen` to
 * `now` and returns its sealed tokens, or `lost` when another request or instance took the turn
 * first (or the session ended), so one refresh token is never used twice at once.
 */
export async function claimRecheck(
  db: Db,
  id: string,
  seen: Date,
  now: number,
  rows?: SessionRows,
): Promise<{ tokens: string | null } | 'lost'> {
  const claimed = await db
    .updateTable('sessions')
    .set({ checked_at: new Date(now) })
    .where('id', '=', id)
    .where('checked_at', '=', seen)
    .where('ended_at', 'is', null)
    .returning(['provider_tokens'])
    .executeTakeFirst()
  if (!claimed) {
    // On a shared server another instance took it: its new check time is read on the next
    // request, rather than claiming again on each until the kept row is dropped.
    if (rows && rows.keepMs !== Infinity) rows.rows.delete(id)
    return 'lost'
  }
  const cached = rows?.rows.get(id)
  if (cached) cached.checked_at = new Date(now)
  return { tokens: claimed.provider_tokens }
}

/** Sets when the session is next due for a recheck (after the provider could not be reached). */
export async function recheckAgainAt(db: Db, id: string, checkedAt: Date, rows?: SessionRows) {
  const cached = rows?.rows.get(id)
  if (cached) cached.checked_at = checkedAt
  await db
    .updateTable('sessions')
    .set({ checked_at: checkedAt })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .execute()
}

/** Keeps the tokens a recheck got (a provider may rotate its refresh token). */
export async function keepTokens(db: Db, id: string, providerTokens: string | null) {
  await db
    .updateTable('sessions')
    .set({ provider_tokens: providerTokens })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .execute()
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
