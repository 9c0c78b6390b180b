import 'server-only'

import { audit } from '@/lib/audit/record'
import { getStore } from '@/lib/store/store'

import { isAllowed } from './allow-list'
import type { ProviderTokens } from './oidc'
import { recheckSession, sealProviderTokens } from './provider-check'
import { listenForSessionEnds } from './session-ends'
import { sealSession, unsealSession } from './session-seal'
import {
  createSession,
  endSession,
  findSession,
  purgeSessions,
  sessionRows,
  sharedSessionRows,
  type SessionRows,
} from './session-store'
import type { OidcSettings } from './settings'
import type { Viewer } from './viewer'

/*
 * Sessions as the app uses them: the store's rows, the sealed cookie, and an audit row for each
 * sign-in, sign-out and expiry. Read by proxy.ts and by the data layer alike, so both apply the
 * same rules.
 */

const PURGE_EVERY_MS = 5 * 60 * 1000

/**
 * How long an instance on a shared PostgreSQL server trusts a session row it read without reading
 * it again. Ends reach it at once regardless (lib/auth/session-ends.ts); this bounds what it could
 * miss otherwise (another instance's last-seen time, a recheck's).
 */
export const SHARED_SESSION_KEEP_MS = 5_000

// Sessions are also kept in memory (lib/auth/session-store.ts), one copy per store, like the
// store itself one per process: the embedded store is written by this process alone; on a
// PostgreSQL server the copy holds rows for a few seconds, while this instance hears other
// instances' ends.
const COPIES = Symbol.for('verity.session-rows')
const shared = globalThis as typeof globalThis & { [COPIES]?: WeakMap<object, SessionRows> }

async function sessionTable() {
  const { db, kind, pool, onClose } = await getStore()
  const copies = (shared[COPIES] ??= new WeakMap())
  let rows = copies.get(db)
  if (!rows) {
    rows = kind === 'embedded' ? sessionRows() : sharedSessionRows(SHARED_SESSION_KEEP_MS)
    copies.set(db, rows)
    if (kind === 'postgres') onClose(listenForSessionEnds(pool, rows).stop)
  }
  return { db, rows }
}

/** Starts a session for an analyst who has just signed in; resolves to the cookie's value. */
export async function signIn(viewer: Viewer, settings: OidcSettings, tokens: ProviderTokens) {
  const { db } = await getStore()
  const sealed = await sealProviderTokens(tokens, settings)
  const { sessionId, ref } = await createSession(db, viewer, settings, Date.now(), sealed)
  await audit(viewer, 'sign_in', { type: 'session', id: ref }, 'ok')
  return sealSession(sessionId, settings)
}

/**
 * The signed-in viewer, or null for a missing, tampered, ended, expired or disallowed session, or
 * one the provider no longer vouches for (rechecked every AUTH_RECHECK_MINUTES).
 */
export async function sessionViewer(
  token: string | undefined,
  settings: OidcSettings,
): Promise<Viewer | null> {
  const sessionId = await unsealSession(token, settings.secret)
  if (!sessionId) return null
  const { db, rows } = await sessionTable()
  const found = await findSession(db, sessionId, settings, Date.now(), rows)
  if (!found) return null
  if (found.status === 'expired') {
    await audit(found.viewer, 'session_expired', { type: 'session', id: found.ref }, found.reason)
    return null
  }
  // The allow-list is checked again on every request, so removing a domain or group takes effect
  // without waiting for sessions to expire.
  // A session keeps an e-mail only when the provider verified it (lib/auth/viewer.ts).
  const { email, groups } = found.viewer
  if (!isAllowed({ email, email_verified: email !== null, groups }, settings.allow)) return null
  const rechecked = await recheckSession(db, found, settings, rows)
  // The session's reference rides along: what is bound to the session (masked values'
  // references, lib/projection/ref-key.ts) is bound to it.
  if (rechecked.status === 'active') return { ...found.viewer, session: found.ref }
  if (rechecked.ended) {
    const { viewer, ref, reason } = rechecked.ended
    await audit(
      viewer,
      'session_expired',
      { type: 'session', id: ref },
      reason,
      undefined,
      rechecked.why,
    )
  }
  return null
}

/** Ends the session in the cookie on every instance; false when there was none to end. */
export async function signOut(token: string | undefined, settings: OidcSettings) {
  const sessionId = await unsealSession(token, settings.secret)
  if (!sessionId) return false
  const { db, rows } = await sessionTable()
  const ended = await endSession(db, sessionId, Date.now(), rows)
  if (ended) await audit(ended.viewer, 'sign_out', { type: 'session', id: ended.ref }, 'ok')
  return !!ended
}

/** Ends expired sessions (audited) and removes ended ones, now and every few minutes. */
export function schedulePurge(settings: OidcSettings) {
  const purge = async () => {
    try {
      const { db, rows } = await sessionTable()
      for (const ended of await purgeSessions(db, settings, Date.now(), rows)) {
        await audit(
          ended.viewer,
          'session_expired',
          { type: 'session', id: ended.ref },
          ended.reason,
        )
      }
    } catch (error) {
      console.warn(
        JSON.stringify({
          level: 'warn',
          msg: 'session purge failed',
          error: error instanceof Error ? error.message : 'unknown',
        }),
      )
    }
  }
  void purge()
  setInterval(() => void purge(), PURGE_EVERY_MS).unref()
}
