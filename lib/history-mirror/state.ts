import 'server-only'

import { sql, type Kysely } from 'kysely'

import { closeSettledCases, type ClosedCase } from '@/lib/cases/carried'
import { makeCases, type MadeCase } from '@/lib/cases/create'
import { carryOverNewScreenings, type Carried } from '@/lib/review/carry-over'
import type { Database, HistorySyncStateRow } from '@/lib/store/schema'

import type { MirrorRecord } from './extract'
import { LEASE } from './lease'
import { upsertRecords } from './upsert'

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
    | 'last_poll_at'
  >
> & { backfillPages?: number; backfillRecords?: number; backfillSeconds?: number; polls?: number }

/**
 * Stores a page's records, the carry-overs of its new screenings (lib/review/carry-over.ts), the
 * cases of its new queue items and its checkpoint in one transaction, only while `holder` holds
 * the lease: a crash before the commit leaves the last checkpoint, one after it the new one, never
 * a cursor past records that are not stored nor a record without its case. The checkpoint may
 * depend on which records were held. Returns the ids held before, the cases made and the decisions
 * carried over, which the caller audits.
 */
export async function storePage(
  db: Kysely<Database>,
  holder: string,
  records: readonly MirrorRecord[],
  checkpoint: (held: ReadonlySet<string>) => Checkpoint,
  matches: ReadonlyMap<string, readonly unknown[]> = new Map(),
): Promise<{
  held: ReadonlySet<string>
  made: MadeCase[]
  carried: Carried[]
  closed: ClosedCase[]
}> {
  return db.transaction().execute(async (trx) => {
    const now = new Date()
    const held = await upsertRecords(trx, records, now)
    const inserted = new Set(records.map((record) => record.id)).size - held.size
    const { backfillPages, backfillRecords, backfillSeconds, polls, ...set } = checkpoint(held)
    const result = await trx
      .updateTable('history_sync_state')
      .set((eb) => ({
        ...set,
        records: eb('records', '+', inserted),
        backfill_pages: eb('backfill_pages', '+', backfillPages ?? 0),
        backfill_records: eb('backfill_records', '+', backfillRecords ?? 0),
        backfill_seconds: eb('backfill_seconds', '+', backfillSeconds ?? 0),
        polls: eb('polls', '+', polls ?? 0),
        updated_at: now,
      }))
      .where('name', '=', STATE)
      .where(holds(holder))
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) === 0) throw new LeaseLostError('the sync lease was lost')
    // Only records met for the first time: a re-read page never carries onto an older screening.
    const carry = await carryOverNewScreenings(
      trx,
      records.flatMap((record) => {
        const found = matches.get(record.id)
        return !held.has(record.id) && found && record.applicant_id && record.search_uuid
          ? [
              {
                searchId: record.search_uuid.toLowerCase(),
                applicantId: record.applicant_id,
                matches: found,
              },
            ]
          : []
      }),
      now,
    )
    const made = await makeCases(
      trx,
      records.map((record) => record.id),
      now,
    )
    const closed = await closeSettledCases(trx, made, carry.settledReports, now)
    return { held, made, carried: carry.carried, closed }
  })
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
 * Drops a cursor the upstream no longer knows (404): an interrupted poll starts again from the
 * top, an unfinished backfill from the newest page (upserts make re-reading cheap).
 */
export async function forgetCursor(db: Kysely<Database>, holder: string) {
  const state = await readState(db)
  const set =
    state.poll_cursor !== null
      ? { poll_cursor: null }
      : !state.backfill_done
        ? { backfill_cursor: null }
        : null
  if (!set) return
  await db
    .updateTable('history_sync_state')
    .set(set)
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
