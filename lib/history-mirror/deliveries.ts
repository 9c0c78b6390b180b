import 'server-only'

import { sql, type Kysely } from 'kysely'

import { announceClosedCases } from '@/lib/cases/carried'
import { announceCases, makeCases, type MadeCase } from '@/lib/cases/create'
import { announceCarryOver } from '@/lib/review/standing/carry-over'
import type { Database } from '@/lib/store/schema'

import { settleNewScreenings, type Settled } from './carry'
import type { MirrorRecord } from './extract'
import { mirrorLog } from './log'
import { STATE } from './state'
import { upsertRecords } from './upsert'

/*
 * A delivered record is stored as the poll stores a page (upsertRecords, then the cases of new
 * queue items, in one transaction), without the sync's lease or checkpoint: any instance may
 * receive a delivery, and it moves no cursor. The record id is the table's key, so a record
 * delivered and polled, in either order and on any instances, is one row.
 */

/**
 * Stores one delivered record, and its case, and counts the delivery; resolves once committed.
 * A record already held is left as it is: the history's copy carries the delivery's attempts and
 * response code, which a delivery's body does not. The provider's history is the record of truth
 * and a delivery a fast hint: one whose content differs from a polled copy held is not stored
 * (`differs`), and the caller refuses it.
 */
export async function storeDelivery(
  db: Kysely<Database>,
  record: MirrorRecord,
  matches: readonly unknown[] | null,
): Promise<{ held: boolean; differs: boolean }> {
  const now = new Date()
  const { held, differs, made, settled } = await db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('history_records')
      .select(['id', 'content_digest', 'held_copy'])
      .where('id', '=', record.id)
      .forUpdate()
      .executeTakeFirst()
    let isNew = false
    let made: MadeCase[] = []
    let settled: Settled = { carried: [], closed: [] }
    const differs =
      found?.held_copy === 'poll' &&
      found.content_digest !== null &&
      found.content_digest !== record.content_digest
    if (differs) return { held: true, differs, made, settled }
    if (!found) {
      await upsertRecords(trx, [{ ...record, held_copy: 'delivery' }], now)
      // Held after all when another delivery or a poll stored it between the look and the insert:
      // the row is then theirs (the upsert changed nothing), or keeps their first sighting.
      const row = await trx
        .selectFrom('history_records')
        .select(['first_seen_at', sql<boolean>`xmin = pg_current_xact_id()::xid`.as('mine')])
        .where('id', '=', record.id)
        .executeTakeFirstOrThrow()
      isNew = row.mine && row.first_seen_at.getTime() === now.getTime()
    }
    if (isNew) {
      await trx
        .insertInto('history_delivered_unpolled')
        .values({ record_id: record.id, delivered_at: now })
        .onConflict((conflict) => conflict.column('record_id').doNothing())
        .execute()
      await trx
        .updateTable('history_sync_state')
        .set((eb) => ({ records: eb('records', '+', 1) }))
        .where('name', '=', STATE)
        .execute()
      made = await makeCases(trx, [record.id], now)
      const found = new Map(matches ? [[record.id, matches]] : [])
      settled = await settleNewScreenings(trx, [record], found, new Set(), made, now)
    }
    await trx
      .updateTable('history_delivery_stats')
      .set((eb) => ({
        received: eb('received', '+', 1),
        already_held: eb('already_held', '+', isNew ? 0 : 1),
        last_received_at: now,
        last_record_id: record.id,
        last_event_type: record.event_type,
      }))
      .where('name', '=', STATE)
      .execute()
    return { held: !isNew, differs: false, made, settled }
  })
  // After the commit and in the order it happened, as the poll does; a failed audit is logged, the
  // record stays stored.
  await announceCarryOver(settled.carried, settled.withdrawn)
    .then(() => announceCases(db, made))
    .then(() => announceClosedCases(settled.closed))
    .catch((error: unknown) =>
      mirrorLog('warn', 'audit of a delivery’s case failed', {
        record: record.id,
        error: error instanceof Error ? error.message : String(error),
      }),
    )
  return { held, differs }
}

/**
 * Counts a refused delivery under its reason: one row per reason, however many arrive (an unsigned
 * flood writes no new rows).
 */
export async function recordRefusal(
  db: Kysely<Database>,
  refusal: { reason: string; status: number; bodyBytes: number },
): Promise<void> {
  const now = new Date()
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('history_delivery_stats')
      .set((eb) => ({ refused: eb('refused', '+', 1), last_refused_at: now }))
      .where('name', '=', STATE)
      .execute()
    await trx
      .insertInto('history_delivery_refusal_counts')
      .values({
        reason: refusal.reason,
        status: refusal.status,
        count: 1,
        last_at: now,
        last_body_bytes: refusal.bodyBytes,
      })
      .onConflict((conflict) =>
        conflict.column('reason').doUpdateSet((eb) => ({
          status: eb.ref('excluded.status'),
          count: eb('history_delivery_refusal_counts.count', '+', 1),
          last_at: eb.ref('excluded.last_at'),
          last_body_bytes: eb.ref('excluded.last_body_bytes'),
        })),
      )
      .execute()
  })
}
