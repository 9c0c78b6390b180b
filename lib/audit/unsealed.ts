import 'server-only'

import type { Kysely } from 'kysely'

import { getEnv } from '@/lib/env'
import { cachedRead } from '@/lib/store/checked-read'
import type { Database } from '@/lib/store/schema'
import { getStore } from '@/lib/store/store'

/*
 * Rows committed and not yet sealed into the chain (sequencer.ts). The sequencer seals within
 * AUDIT_SEAL_MS; a row still waiting after ten times that is an alarm: no sequencer is running, or
 * it cannot seal (the store refuses it, or the row no longer matches its append MAC).
 */

export type UnsealedRows = {
  /** Rows committed and not yet in the chain. */
  count: number
  /** How long the oldest of them has waited, from its time; null when there is none. */
  oldestSeconds: number | null
}

/**
 * The audit trail's unsealed rows, from the app's store unless `db` is given: one read of a small
 * partial index. For /api/health, `npm run audit:verify` and the metrics' gauges.
 */
export async function unsealedRows(db?: Kysely<Database>, now = new Date()): Promise<UnsealedRows> {
  const row = await (db ?? (await getStore()).db)
    .selectFrom('audit_events')
    .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.min('at').as('oldest')])
    .where('seq', 'is', null)
    .executeTakeFirstOrThrow()
  const oldest = row.oldest === null ? null : new Date(row.oldest)
  return {
    count: Number(row.count),
    oldestSeconds: oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1_000) : null,
  }
}

/** What /api/health says of the trail's sealing. */
export type SealHealth = UnsealedRows & {
  degraded: boolean
  /** Why it is degraded; absent when it is not. */
  reason?: string
  /** Past this age an unsealed row is an alarm: ten times AUDIT_SEAL_MS. */
  alarmSeconds: number
}

export function sealHealth(rows: UnsealedRows, sealMs: number): SealHealth {
  const alarmSeconds = (sealMs * 10) / 1_000
  const late = rows.oldestSeconds !== null && rows.oldestSeconds > alarmSeconds
  return {
    ...rows,
    alarmSeconds,
    degraded: late,
    ...(late
      ? {
          reason: `${rows.count} audit row${rows.count === 1 ? '' : 's'} not sealed into the chain, the oldest for ${rows.oldestSeconds!.toFixed(1)} s (alarm past ${alarmSeconds} s)`,
        }
      : {}),
  }
}

// /api/health is public: monitors polling it read the store at most once a second per process.
const FRESH_MS = 1_000
const CACHE = Symbol.for('verity.audit-seal-health')

/** The sealing's health from the app's store (cached briefly); null when the store did not answer. */
export function readSealHealth(): Promise<SealHealth | null> {
  return cachedRead(CACHE, FRESH_MS, (store) =>
    unsealedRows(store.db).then(
      (rows) => sealHealth(rows, getEnv().AUDIT_SEAL_MS),
      () => null,
    ),
  )
}
