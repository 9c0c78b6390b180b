import 'server-only'

import { sql, type Kysely } from 'kysely'

import type { MadeCase } from '@/lib/cases/create'
import type { Database, HistorySyncStateRow } from '@/lib/store/schema'

import { settleNewScreenings, type Settled } from './carry'
import { LEASE } from './lease'
import { storeRecords, type IncomingRecord, type RecordOutcome } from './records'
import { metByPass } from './unpolled'

export const STATE = 'history'

/** The instance that held the lease has lost it: its page is rolled back and it stops syncing. */
export class LeaseLostError extends Error {
  override readonly name = 'LeaseLostError'
}

export function readState(db: Kysely<Database>): Promise<HistorySyncStateRow> {
  return db
    .selectFrom('history_sync_state')
    .selectAll()
    .where('name', '=', STATE)
    .executeTakeFirstOrThrow()
}

/** What a page moves on: cursors and flags set as given, counts added to. */
export type Checkpoint = Partial<
  Pick<
    HistorySyncStateRow,
    | 'history_order'
    | 'backfill_cursor'
    | 'backfill_done'
    | 'backfill_started_at'
    | 'backfill_done_at'
    | 'poll_cursor'
    | 'poll_floor_at'
    | 'last_poll_at'
  >
> & { backfillPages?: number; backfillRecords?: number; backfillSeconds?: number; polls?: number }

/**
 * Stores a page's records, the cases of their new queue items, the carry-overs of its new
 * screenings (carry.ts) and its checkpoint in one transaction (records.ts), only while `holder`
 * holds the lease: a crash before the commit leaves the last checkpoint, one after it the new one,
 * never a cursor past records that are neither stored nor set aside, nor a record without its
 * case. The checkpoint may depend on which records were held (by an earlier pass: a record only a
 * delivery stored does not count). Returns those ids, the cases made and what the carry-overs
 * settled, which the caller audits.
 */
export async function storePage(
  db: Kysely<Database>,
  holder: string,
  records: readonly IncomingRecord[],
  after: string | null,
  checkpoint: (held: ReadonlySet<string>) => Checkpoint,
  matches: ReadonlyMap<string, readonly unknown[]> = new Map(),
): Promise<{ held: ReadonlySet<string>; made: MadeCase[]; outcomes: RecordOutcome[] } & Settled> {
  let pollHeld: ReadonlySet<string> = new Set()
  let settled: Settled = { carried: [], closed: [] }
  const stored = await storeRecords(db, records, {
    after,
    within: async (trx, held, _inserted, made, replaced) => {
      // What only a delivery had stored is no place for a poll to stop (unpolled.ts).
      const delivered = await metByPass(trx, [...new Set(records.map((record) => record.id))])
      pollHeld = delivered.size === 0 ? held : new Set([...held].filter((id) => !delivered.has(id)))
      const { backfillPages, backfillRecords, backfillSeconds, polls, ...set } =
        checkpoint(pollHeld)
      const result = await trx
        .updateTable('history_sync_state')
        .set((eb) => ({
          ...set,
          backfill_pages: eb('backfill_pages', '+', backfillPages ?? 0),
          backfill_records: eb('backfill_records', '+', backfillRecords ?? 0),
          backfill_seconds: eb('backfill_seconds', '+', backfillSeconds ?? 0),
          polls: eb('polls', '+', polls ?? 0),
          updated_at: new Date(),
        }))
        .where('name', '=', STATE)
        .where(holds(holder))
        .executeTakeFirst()
      if (Number(result.numUpdatedRows) === 0) throw new LeaseLostError('the sync lease was lost')
      const readable = records.flatMap((item) => (item.kind === 'record' ? [item.record] : []))
      settled = await settleNewScreenings(trx, readable, matches, held, made, new Date(), replaced)
    },
  })
  return { ...stored, ...settled, held: pollHeld }
}

/** Notes a failure for the status page; by the holder only, so a waiting instance never writes. */
export async function recordError(db: Kysely<Database>, holder: string, message: string) {
  await db
    .updateTable('history_sync_state')
    .set({ last_error: message, last_error_at: new Date() })
    .where('name', '=', STATE)
    .where(holds(holder))
    .execute()
}

/**
 * Drops a backfill cursor the upstream no longer knows (404): an unfinished backfill starts again
 * from the newest page (upserts make re-reading cheap). A poll handles its own (sync.ts).
 */
export async function forgetCursor(db: Kysely<Database>, holder: string) {
  const state = await readState(db)
  if (state.backfill_done || state.backfill_cursor === null) return
  await db
    .updateTable('history_sync_state')
    .set({ backfill_cursor: null })
    .where('name', '=', STATE)
    .where(holds(holder))
    .execute()
}

/** Deletes records older than the retention, keeping the count; returns how many went. */
export async function deleteOlderThan(
  db: Kysely<Database>,
  holder: string,
  days: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('history_records')
      .where('at', '<', sql<Date>`now() - ${days} * interval '1 day'`)
      .executeTakeFirst()
    const count = Number(deleted.numDeletedRows)
    const result = await trx
      .updateTable('history_sync_state')
      .set((eb) => ({ records: eb('records', '-', count) }))
      .where('name', '=', STATE)
      .where(holds(holder))
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) === 0) throw new LeaseLostError('the sync lease was lost')
    return count
  })
}

function holds(holder: string) {
  return sql<boolean>`exists (select 1 from history_sync_lease where name = ${LEASE}
    and holder = ${holder} and expires_at > now())`
}
