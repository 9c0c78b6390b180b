import 'server-only'

import type { Kysely } from 'kysely'

import type { Database } from '@/lib/store/schema'

import { checkAccount, type ProviderTokens } from './oidc'
import { seal, unseal } from './sealed'
import {
  claimRecheck,
  endRow,
  keepTokens,
  recheckAgainAt,
  type ActiveSession,
  type EndedSession,
  type SessionRows,
} from './session-store'
import type { OidcSettings } from './settings'

/*
 * A session lasts only while the provider still vouches for the account: every
 * AUTH_RECHECK_MINUTES the first request of a session asks it again (lib/auth/oidc.ts
 * `checkAccount`: a refresh with the refresh token, then userinfo), and when it refuses the session
 * ends there, audited as `provider_refused`. The tokens live in the session's row, sealed under a
 * key derived from SESSION_SECRET: never in a cookie, and a copy of the table alone does not give
 * them away. One request at a time rechecks a session, on any number of instances (claimRecheck),
 * so a rotating refresh token is never used twice. A provider that cannot be reached is asked again
 * a minute later; the session goes on meanwhile.
 */

const RETRY_UNREACHABLE_MS = 60_000

export function sealProviderTokens(tokens: ProviderTokens, settings: OidcSettings) {
  return seal({ ...tokens }, settings.secret, 'provider-tokens', settings.maxAgeSeconds)
}

async function openProviderTokens(
  sealed: string | null,
  settings: OidcSettings,
): Promise<ProviderTokens | null> {
  const payload = await unseal(sealed ?? undefined, settings.secret, 'provider-tokens')
  if (!payload || typeof payload.access !== 'string') return null
  return {
    access: payload.access,
    ...(typeof payload.accessExpiresAt === 'number'
      ? { accessExpiresAt: payload.accessExpiresAt }
      : {}),
    ...(typeof payload.refresh === 'string' ? { refresh: payload.refresh } : {}),
  }
}

/** The session as it stands after a recheck, if one was due: still active, or ended by the provider. */
export async function recheckSession(
  db: Kysely<Database>,
  session: ActiveSession,
  settings: OidcSettings,
  rows?: SessionRows,
  now = Date.now(),
): Promise<{ status: 'active' } | { status: 'ended'; ended: EndedSession | null; why: string }> {
  const interval = settings.recheckSeconds * 1000
  if (now - session.checkedAt.getTime() < interval) return { status: 'active' }
  const claimed = await claimRecheck(db, session.row, session.checkedAt, now, rows)
  if (claimed === 'lost') return { status: 'active' }
  const tokens = await openProviderTokens(claimed.tokens, settings)
  const check = tokens
    ? await checkAccount(settings, session.viewer.sub, tokens)
    : ({ outcome: 'refused', why: 'no provider tokens to ask with' } as const)
  if (check.outcome === 'ok') {
    await keepTokens(db, session.row, await sealProviderTokens(check.tokens, settings))
    return { status: 'active' }
  }
  if (check.outcome === 'unreachable') {
    await recheckAgainAt(db, session.row, new Date(now - interval + RETRY_UNREACHABLE_MS), rows)
    return { status: 'active' }
  }
  const ended = await endRow(db, session.row, 'provider_refused', now, rows)
  return { status: 'ended', ended, why: check.why }
}
