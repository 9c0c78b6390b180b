import 'server-only'

import type { Kysely } from 'kysely'

import { getEnv } from '@/lib/env'
import { cachedRead } from '@/lib/store/checked-read'
import type { Database } from '@/lib/store/schema'

import { mirrorLog } from './log'
import { readState } from './state'

/** What /api/health says of the mirror: counts and times only. */
export type MirrorHealth = {
  degraded: boolean
  /** Seconds since the last poll that reached the upstream's newest record; null before one. */
  sinceLastPollSeconds: number | null
  /** When that poll was (ISO 8601); null before one. */
  lastPollAt: string | null
  /**
   * How long the mirror may have missed new records: since that poll, or, before any, since the
   * sync started. Past HISTORY_MAX_LAG_SECONDS the mirror is degraded.
   */
  lagSeconds: number | null
  maxLagSeconds: number
  /** Records the store refused, listed on /history-sync. */
  setAside: number
  backfillDone: boolean
}

export async function mirrorHealth(
  db: Kysely<Database>,
  now = new Date(),
  maxLagSeconds = getEnv().HISTORY_MAX_LAG_SECONDS,
): Promise<MirrorHealth> {
  const [state, setAside] = await Promise.all([
    readState(db),
    db
      .selectFrom('history_set_aside')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow(),
  ])
  const seconds = (since: Date | null) =>
    since ? Math.max(0, Math.round((now.getTime() - since.getTime()) / 1_000)) : null
  const lagSeconds = seconds(state.last_poll_at ?? state.backfill_started_at)
  return {
    degraded: lagSeconds !== null && lagSeconds > maxLagSeconds,
    sinceLastPollSeconds: seconds(state.last_poll_at),
    lastPollAt: state.last_poll_at?.toISOString() ?? null,
    lagSeconds,
    maxLagSeconds,
    setAside: Number(setAside.count),
    backfillDone: state.backfill_done,
  }
}

// /api/health is public: monitors polling it read the store at most every few seconds per process.
const FRESH_MS = 5_000
const CACHE = Symbol.for('verity.mirror-health')

/**
 * The mirror's health from the app's store (cached briefly); null when the store did not answer,
 * or is still opening.
 */
export function readMirrorHealth(): Promise<MirrorHealth | null> {
  return cachedRead(CACHE, FRESH_MS, (store) =>
    mirrorHealth(store.db).catch((error: unknown) => {
      mirrorLog('warn', 'health could not be read', {
        error: error instanceof Error ? error.message : String(error),
      })
      return null
    }),
  )
}

/**
 * Whether the mirror is degraded: behind the upstream past HISTORY_MAX_LAG_SECONDS, or its state
 * unreadable. For monitors and notifications; the same answer as /api/health's.
 */
export async function isMirrorDegraded(): Promise<boolean> {
  const health = await readMirrorHealth()
  return health === null || health.degraded
}
