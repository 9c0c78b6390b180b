import 'server-only'

import { setTimeout as sleep } from 'node:timers/promises'

import type { Kysely } from 'kysely'

import { getEnv } from '@/lib/env'
import type { Database } from '@/lib/store/schema'
import { getStore } from '@/lib/store/store'

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
/** /api/health answers while the store still opens (the start-up checks ask it): it waits no longer. */
const STORE_WAIT_MS = 1_000
const CACHE = Symbol.for('verity.mirror-health')
const shared = globalThis as typeof globalThis & {
  [CACHE]?: { at: number; health: Promise<MirrorHealth | null> }
}

/**
 * The mirror's health from the app's store (cached briefly); null when the store did not answer,
 * or is still opening.
 */
export async function readMirrorHealth(): Promise<MirrorHealth | null> {
  const cached = shared[CACHE]
  if (cached && Date.now() - cached.at < FRESH_MS) return cached.health
  const store = await Promise.race([
    getStore().catch(() => null),
    sleep(STORE_WAIT_MS, null, { ref: false }),
  ])
  if (!store) return null
  const health = mirrorHealth(store.db).catch((error: unknown) => {
    mirrorLog('warn', 'health could not be read', {
      error: error instanceof Error ? error.message : String(error),
    })
    return null
  })
  shared[CACHE] = { at: Date.now(), health }
  return health
}

/**
 * Whether the mirror is degraded: behind the upstream past HISTORY_MAX_LAG_SECONDS, or its state
 * unreadable. For monitors and notifications; the same answer as /api/health's.
 */
export async function isMirrorDegraded(): Promise<boolean> {
  const health = await readMirrorHealth()
  return health === null || health.degraded
}
