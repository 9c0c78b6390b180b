import 'server-only'

import { sql, type Kysely } from 'kysely'

import type { Database } from '@/lib/store/schema'

/*
 * A poll reads from the newest record down and stops at the first it holds. A record only a
 * delivery stored says nothing about the records before it (their deliveries may have been lost),
 * so such records wait in history_delivered_unpolled (migration 0021) until a pass of the sync
 * meets them, and a poll reads on past them.
 */

/**
 * Of the records a pass of the sync has just stored, those only a delivery had stored before: no
 * longer unmet from now on, and not where a poll may stop.
 */
export async function metByPass(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<ReadonlySet<string>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .deleteFrom('history_delivered_unpolled')
    .where('record_id', '=', sql<string>`any(${[...ids]}::text[])`)
    .returning('record_id')
    .execute()
  return new Set(rows.map((row) => row.record_id))
}
