import 'server-only'

import { sql, type Kysely } from 'kysely'

import { analystId, type Viewer } from '@/lib/auth/viewer'
import { getEnv } from '@/lib/env'
import type { Database } from '@/lib/store/schema'
import { getStore } from '@/lib/store/store'

/*
 * One limiter for the actions that take personal data out unmasked: reveals, unmasked exports and
 * evidence packs. Each analyst (by issuer and subject, never a label) has a token bucket per
 * action in the store, so every instance draws from the same bucket: it holds `limit` tokens and
 * refills at `limit` per window, which allows a burst of `limit` and that many per window after.
 * A take is one statement, atomic under concurrent takes from any number of connections, and
 * timed by the database's clock, which all instances share.
 */

export type SensitiveAction = 'reveal' | 'unmasked_export' | 'evidence_pack'

export type ActionLimit = { limit: number; windowSeconds: number }

export function actionLimits(): Record<SensitiveAction, ActionLimit> {
  const env = getEnv()
  return {
    reveal: { limit: env.REVEAL_LIMIT_PER_MINUTE, windowSeconds: 60 },
    unmasked_export: { limit: env.UNMASKED_EXPORT_LIMIT_PER_HOUR, windowSeconds: 3600 },
    evidence_pack: { limit: env.EVIDENCE_PACK_LIMIT_PER_HOUR, windowSeconds: 3600 },
  }
}

export type Taken = { ok: true } | { ok: false; retryAfterSeconds: number }

/** Counts one `action` of the viewer's, or says how long until they may take it. */
export async function takeSensitiveAction(viewer: Viewer, action: SensitiveAction): Promise<Taken> {
  const { db } = await getStore()
  return takeAction(db, analystId(viewer), action, actionLimits()[action])
}

/** The limiter on a given store: what takeSensitiveAction does, for any database. */
export async function takeAction(
  db: Kysely<Database>,
  analyst: string,
  action: SensitiveAction,
  { limit, windowSeconds }: ActionLimit,
): Promise<Taken> {
  const perSecond = limit / windowSeconds
  // The bucket as it stands now: what it held, refilled for the time since, never above full.
  const available = sql<number>`least(${limit}::float8, b.tokens + greatest(0, extract(epoch from now() - b.updated_at))::float8 * ${perSecond}::float8)`
  const { rows } = await sql<{ tokens: number }>`
    insert into action_limits as b (analyst_id, action, tokens, updated_at)
    values (${analyst}, ${action}, ${limit - 1}::float8, now())
    on conflict (analyst_id, action) do update
      set tokens = ${available} - 1, updated_at = now()
      where ${available} >= 1
    returning b.tokens`.execute(db)
  if (rows.length > 0) return { ok: true }
  const { rows: left } = await sql<{ available: number }>`
    select ${available} as available from action_limits b
    where b.analyst_id = ${analyst} and b.action = ${action}`.execute(db)
  const missing = 1 - Number(left[0]?.available ?? 0)
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(missing / perSecond)) }
}
