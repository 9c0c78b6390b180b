import 'server-only'

import type { Kysely } from 'kysely'

import { mirrorStatus } from '@/lib/history-mirror/status'
import type { Database } from '@/lib/store/schema'

/*
 * Whether the mirror looks degraded, from the status it already keeps: no successful poll for
 * several poll intervals (at least a minute). Its own small rule until the mirror says so itself
 * (a `degraded` check with HISTORY_MAX_LAG_SECONDS): then this is the one function to swap.
 * A mirror that has never polled is starting, not degraded.
 */

export type MirrorHealth = { pollSeconds: number }

export async function mirrorLooksDegraded(
  db: Kysely<Database>,
  health: MirrorHealth,
  now: Date,
): Promise<{ degraded: boolean; lastPollAt: string | null; lagSeconds: number | null }> {
  const status = await mirrorStatus(db, now)
  const limit = Math.max(60, 3 * health.pollSeconds)
  return {
    degraded: status.lagSeconds !== null && status.lagSeconds > limit,
    lastPollAt: status.lastPollAt,
    lagSeconds: status.lagSeconds,
  }
}
