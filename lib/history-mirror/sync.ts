import 'server-only'

import { sql, type Kysely } from 'kysely'

import { announceClosedCases } from '@/lib/cases/carried'
import { announceCases } from '@/lib/cases/create'
import { announceCarryOver } from '@/lib/review/standing/carry-over'
import type { Database } from '@/lib/store/schema'
import { UpstreamError } from '@/lib/upstream/errors'

import { mirrorLog } from './log'
import { PAGE_BYTES, readMirrorPage, type MirrorPage } from './pages'
import type { IncomingRecord, RecordOutcome } from './records'
import { readState, storePage, type Checkpoint } from './state'

/*
 * The sync's passes, each a sequence of single page reads with a checkpoint after each. The
 * history's order is not documented: newest first (as the simulator and the provider's docs serve
 * it), the backfill walks back from the newest page and a poll reads from the top until it meets a
 * record it holds; oldest first, new records come after the last cursor, so the backfill's cursor
 * simply stays the tail that polls follow.
 */

export type SyncContext = {
  db: Kysely<Database>
  holder: string
  /** The `limit` asked of each page; halved while pages come larger than PAGE_BYTES. */
  pageSize: number
  /** The limit asked now, when pages were too large (set by readPage). */
  limit?: number
  /** A record larger than this many bytes is set aside unread. */
  recordCap: number
  /** Runs between pages: yields to other work, renews the lease, and throws to stop. */
  between: () => Promise<void>
  /** The backfill's next page, read while the page before it is stored (set by backfillPage). */
  ahead?: { after: string; page: Promise<MirrorPage> }
  /**
   * The audit of the cases the last page made, written while the next page is stored (the audit
   * trail's own transactions): settled, with any error it met, before the next audit starts and
   * when a pass ends (settle).
   */
  announcing?: Promise<{ error: unknown } | undefined>
}

/** Pages re-read by an overlap pass, which catches records that arrived out of order. */
export const OVERLAP_PAGES = 3
/**
 * The records a poll from the top asks for first. Most polls find nothing new (deliveries bring
 * new records at once): a small first page says so with a tenth of a full page's bytes to fetch,
 * parse and store; when it holds only new records, the poll reads on in full pages.
 */
export const POLL_PROBE_RECORDS = 10
const PROGRESS_EVERY_PAGES = 50

/** One backfill page; false once the backfill has reached the end of the history. */
export async function backfillPage(context: SyncContext): Promise<boolean> {
  const state = await readState(context.db)
  if (state.backfill_done) return false
  const page = await nextBackfillPage(context, state.backfill_cursor)
  const moved = page.lastId !== null && page.lastId !== state.backfill_cursor
  const done = !page.hasNext || !moved
  const now = new Date()
  if (!done && page.lastId !== null) {
    // Read on while this page is stored: still one request at a time, but the backfill no longer
    // waits for the upstream and the store in turn. Nothing read ahead is stored before its turn,
    // so the checkpoints are those of a page-by-page backfill.
    const ahead = readPage(context, page.lastId)
    ahead.catch(() => undefined) // met, and handled, when the next page awaits it
    context.ahead = { after: page.lastId, page: ahead }
  }
  try {
    await store(context, page, state.backfill_cursor, () => ({
      // The order is read from the first page only: later pages could start a new day.
      history_order: state.history_order ?? (state.backfill_cursor === null ? page.order : null),
      backfill_cursor: page.lastId ?? state.backfill_cursor,
      backfill_done: done,
      backfill_done_at: done ? now : null,
      backfill_started_at: state.backfill_started_at ?? now,
      backfillPages: 1,
      backfillRecords: page.size,
      backfillSeconds: page.seconds,
    }))
  } catch (error) {
    // An instance that failed (or lost the lease) leaves no read of its own in flight.
    const ahead = context.ahead
    context.ahead = undefined
    await ahead?.page.catch(() => undefined)
    await settle(context).catch(() => undefined)
    throw error
  }
  if (done) await settle(context)
  // The planner's statistics of the mirror's tables: PGlite never gathers them by itself (no
  // autovacuum), and without them it read the whole mirror for the queue's first page.
  if (done) await sql`analyze history_records, history_name_words`.execute(context.db)
  const pages = state.backfill_pages + 1
  if (done || pages % PROGRESS_EVERY_PAGES === 0) {
    const records = Number(state.backfill_records) + page.size
    const seconds = state.backfill_seconds + page.seconds
    mirrorLog('info', done ? 'backfill done' : 'backfill progress', {
      pages,
      records,
      perSecond: seconds > 0 ? Math.round(records / seconds) : null,
    })
  }
  return !done
}

/** The page read ahead for `cursor`, else a fresh read once any other read ahead has settled. */
async function nextBackfillPage(context: SyncContext, cursor: string | null): Promise<MirrorPage> {
  const ahead = context.ahead
  context.ahead = undefined
  if (ahead && ahead.after === cursor) return ahead.page
  await ahead?.page.catch(() => undefined)
  return readPage(context, cursor)
}

/**
 * Brings the mirror up to the newest record: newest first, from the top (or where an interrupted
 * poll stopped) until a held record; oldest first, along the tail. Does nothing before the
 * backfill's first page, which is where a poll would otherwise start reading everything.
 */
export async function poll(context: SyncContext): Promise<void> {
  try {
    await pollPages(context)
  } finally {
    await settle(context)
  }
}

async function pollPages(context: SyncContext): Promise<void> {
  const state = await readState(context.db)
  if (!state.backfill_started_at) return
  if (state.history_order === 'oldest_first') return followTail(context)
  let after = state.poll_cursor
  // The oldest record time this poll has stored: above it, records held are the poll's own.
  let floor = state.poll_floor_at
  for (;;) {
    const read = await readPollPage(context, after, after === null ? POLL_PROBE_RECORDS : undefined)
    if (read.lost) {
      after = read.resume
      continue
    }
    const { page } = read
    if (after === null && state.history_order === null && page.order === 'oldest_first') {
      // A history too short to show its order at the first page has now shown it.
      await store(context, page, after, () => ({
        history_order: 'oldest_first',
      }))
      return followTail(context)
    }
    let finished = false
    const reached = earliest(floor, oldestAt(page))
    await store(context, page, after, (held) => {
      finished = meetsHeld(page, held, floor) || !page.hasNext || page.lastId === null
      return finished
        ? { poll_cursor: null, poll_floor_at: null, last_poll_at: new Date(), polls: 1 }
        : { poll_cursor: page.lastId, poll_floor_at: reached }
    })
    if (finished) return
    floor = reached
    after = page.lastId
    await context.between()
  }
}

/**
 * The page after `after`, or where to go on when the upstream no longer knows `after` (404): first
 * from the record the poll stored just before it (newer, in the mirror's order), and when that is
 * refused too from the top, down past the oldest record of the unfinished walk (its floor), so
 * that no gap is left.
 */
async function readPollPage(
  context: SyncContext,
  after: string | null,
  probe?: number,
  tried: ReadonlySet<string> = new Set(),
): Promise<{ lost: false; page: MirrorPage } | { lost: true; resume: string | null }> {
  try {
    return { lost: false, page: await readPage(context, after, probe) }
  } catch (error) {
    if (after === null || !(error instanceof UpstreamError) || error.kind !== 'not_found') {
      throw error
    }
  }
  const newer = tried.size === 0 ? await newerHeld(context, after) : null
  mirrorLog('warn', 'poll cursor lost', { after, resume: newer ?? 'the newest page' })
  if (newer === null) return { lost: true, resume: null }
  return readPollPage(context, newer, undefined, new Set([after]))
}

/** The held record just newer than `id` (the mirror's order), or null. */
async function newerHeld(context: SyncContext, id: string): Promise<string | null> {
  const row = await sql<{ id: string }>`
    select r.id from history_records r, history_records c
    where c.id = ${id}
      and (coalesce(r.at, '-infinity'), r.id) > (coalesce(c.at, '-infinity'), c.id)
    order by r.at asc nulls first, r.id asc
    limit 1
  `.execute(context.db)
  return row.rows[0]?.id ?? null
}

/**
 * Whether the page meets a record held before: with a floor, one older than it (the records above
 * it may be the poll's own, stored before it lost its cursor).
 */
function meetsHeld(page: MirrorPage, held: ReadonlySet<string>, floor: Date | null): boolean {
  return page.records.some(
    (item) =>
      held.has(item.id) &&
      (floor === null ||
        item.kind !== 'record' ||
        item.record.at === null ||
        item.record.at < floor),
  )
}

function oldestAt(page: MirrorPage): Date | null {
  let oldest: Date | null = null
  for (const item of page.records) {
    if (item.kind === 'record') oldest = earliest(oldest, item.record.at)
  }
  return oldest
}

function earliest(a: Date | null, b: Date | null): Date | null {
  if (a === null) return b
  if (b === null) return a
  return a <= b ? a : b
}

/** Oldest first: reads on from the tail cursor to the end, once the backfill has got there. */
async function followTail(context: SyncContext): Promise<void> {
  for (;;) {
    const state = await readState(context.db)
    if (!state.backfill_done) return
    const page = await readPage(context, state.backfill_cursor)
    const finished = !page.hasNext || page.lastId === null
    await store(context, page, state.backfill_cursor, () => ({
      backfill_cursor: page.lastId ?? state.backfill_cursor,
      ...(finished ? { last_poll_at: new Date(), polls: 1 } : {}),
    }))
    if (finished) return
    await context.between()
  }
}

/**
 * Re-reads the newest few pages whatever they hold: a record that arrived late, behind records
 * the polls had already met, is stored here.
 */
export async function overlap(context: SyncContext): Promise<void> {
  try {
    await overlapPages(context)
  } finally {
    await settle(context)
  }
}

async function overlapPages(context: SyncContext): Promise<void> {
  const state = await readState(context.db)
  if (!state.backfill_done) return
  let after =
    state.history_order === 'oldest_first' ? await overlapAnchor(context) : (null as string | null)
  for (let read = 0; ; read++) {
    const page = await readPage(context, after)
    await store(context, page, after, () => ({}))
    const enough = state.history_order !== 'oldest_first' && read + 1 >= OVERLAP_PAGES
    if (enough || !page.hasNext || page.lastId === null) return
    after = page.lastId
    await context.between()
  }
}

/** Oldest first, the overlap starts a few pages' worth of records before the newest held one. */
async function overlapAnchor(context: SyncContext): Promise<string | null> {
  const row = await context.db
    .selectFrom('history_records')
    .select('id')
    // The order of history_records_newest (migration 0012): records without a time count last.
    .orderBy('at', (order) => order.desc().nullsLast())
    .orderBy('id', 'desc')
    .offset(OVERLAP_PAGES * context.pageSize)
    .limit(1)
    .executeTakeFirst()
  return row?.id ?? null
}

/**
 * Reads a page, asking for half as many records after a page larger than PAGE_BYTES (down to
 * one), and for the configured number again once pages are small. A probe asks for at most
 * `probe` records and leaves the size of later pages as it was.
 */
async function readPage(
  context: SyncContext,
  after: string | null,
  probe?: number,
): Promise<MirrorPage> {
  const limit = context.limit ?? context.pageSize
  if (probe !== undefined) {
    return readMirrorPage(after, Math.min(probe, limit), context.recordCap)
  }
  const page = await readMirrorPage(after, limit, context.recordCap)
  const next =
    page.bytes > PAGE_BYTES
      ? Math.max(1, Math.floor(limit / 2))
      : page.bytes < PAGE_BYTES / 4
        ? Math.min(context.pageSize, limit * 2)
        : limit
  if (next !== limit) {
    mirrorLog('info', 'page size changed', { bytes: page.bytes, limit, next })
    context.limit = next
  }
  return page
}

/**
 * Re-reads the pages where records were set aside whose retry is due: a record the store now
 * takes leaves the list; one still refused waits twice as long; one the page no longer has waits
 * too. A few pages at a time.
 */
export async function retrySetAside(context: SyncContext): Promise<void> {
  // The longest overdue pages first, a few a pass.
  const due = await context.db
    .selectFrom('history_set_aside')
    .select('page_after')
    .where('next_attempt_at', '<=', new Date())
    .groupBy('page_after')
    .orderBy((eb) => eb.fn.min('next_attempt_at'))
    .limit(RETRY_PAGES)
    .execute()
  try {
    for (const { page_after: after } of due) {
      const started = new Date()
      try {
        const page = await readPage(context, after)
        await store(context, page, after, () => ({}), page.records)
      } catch (error) {
        if (!(error instanceof UpstreamError) || error.kind !== 'not_found') throw error
      }
      await sql`update history_set_aside set attempts = attempts + 1,
          next_attempt_at = ${started}::timestamptz + least(
            interval '1 minute' * power(2, attempts), interval '1 day')
        where page_after is not distinct from ${after} and next_attempt_at <= ${started}`.execute(
        context.db,
      )
      await context.between()
    }
  } finally {
    await settle(context)
  }
}

const RETRY_PAGES = 5

/** Stores a page (storePage) and starts the audit of its cases, once the last page's is settled. */
async function store(
  context: SyncContext,
  page: MirrorPage,
  after: string | null,
  checkpoint: (held: ReadonlySet<string>) => Checkpoint,
  records: readonly IncomingRecord[] = page.records,
): Promise<RecordOutcome[]> {
  const { made, outcomes, carried, closed, withdrawn } = await storePage(
    context.db,
    context.holder,
    records,
    after,
    checkpoint,
    page.matches,
  )
  await settle(context)
  // Caught here and rethrown by settle: a rejection nobody awaits yet would end the process.
  // In the order it happened: the carry-overs, the cases made, the cases they closed.
  context.announcing = announceCarryOver(carried, withdrawn)
    .then(() => announceCases(context.db, made))
    .then(() => announceClosedCases(closed))
    .then(
      () => undefined,
      (error: unknown) => ({ error }),
    )
  return outcomes
}

/** Waits for the last page's audit; throws what it met. */
export async function settle(context: SyncContext): Promise<void> {
  const announcing = context.announcing
  context.announcing = undefined
  const outcome = await announcing
  if (outcome) throw outcome.error
}
