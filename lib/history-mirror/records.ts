import 'server-only'

import { createHash } from 'node:crypto'

import { sql, type Kysely, type Transaction } from 'kysely'

import { announceCases, makeCases, type MadeCase } from '@/lib/cases/create'
import type { Database } from '@/lib/store/schema'

import { extractRecord, refusal, type MirrorRecord } from './extract'
import { mirrorLog } from './log'
import { upsertRecords } from './upsert'

/*
 * The one path by which history records reach the store, for the sync's pages and for records
 * delivered to Verity: one bad record stays one bad record. A record the store would refuse is
 * cleaned where it can be (extract.ts), refused before storing where it cannot (an id too long for
 * its index, a record over the size cap), and a batch the store still refuses is stored again
 * record by record, so that only the records it refuses are set aside (history_set_aside, with
 * their error and size, listed on /history-sync and tried again whenever they are met).
 */

/** A record read, ready to store or refused before storing. */
export type IncomingRecord =
  | { kind: 'record'; id: string; record: MirrorRecord; bytes: number }
  | { kind: 'refused'; id: string; error: string; bytes: number; searchUuid: string | null }

export type RecordOutcome = {
  id: string
  outcome: 'stored' | 'held' | 'set_aside'
  /** Why it was set aside. */
  error?: string
}

/** A raw history record as the store will take it; null when it has no id. */
export function prepareRecord(raw: unknown, bytes: number): IncomingRecord | null {
  const record = extractRecord(raw)
  if (!record) return null
  const error = refusal(record)
  return error
    ? { kind: 'refused', id: record.id, error, bytes, searchUuid: record.search_uuid }
    : { kind: 'record', id: record.id, record, bytes }
}

/**
 * A record over the size cap, of which only its skeleton was kept (page-stream.ts): refused, with
 * its search id when it is a screening; null without an id.
 */
export function oversized(skeleton: unknown, bytes: number, cap: number): IncomingRecord | null {
  const record = extractRecord(skeleton)
  if (!record) return null
  return {
    kind: 'refused',
    id: record.id,
    error: `record over the size cap (${bytes} bytes, at most ${cap})`,
    bytes,
    searchUuid: record.search_uuid,
  }
}

type Refusal = { error: string; bytes: number; searchUuid: string | null }

/** SQLSTATE classes of a refusal caused by one record's values: data exceptions, program limits. */
function isRecordError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('54'))
}

/**
 * Stores records, the cases of their new queue items, and what the caller writes with them
 * (`within`, e.g. the sync's checkpoint), in one transaction. When the store refuses the batch
 * for a record's values, it is stored again record by record (a savepoint each) and only the
 * refused records are set aside; any other failure fails the whole batch. Outcomes follow the
 * order of `records`; `made` are the cases made, which the caller audits (announceCases).
 */
export async function storeRecords(
  db: Kysely<Database>,
  records: readonly IncomingRecord[],
  options: {
    /** The cursor of the page they came on: where a retry reads them again. */
    after: string | null
    within?: (
      trx: Transaction<Database>,
      held: ReadonlySet<string>,
      inserted: number,
      made: readonly MadeCase[],
      replaced: ReadonlySet<string>,
    ) => Promise<void>
  },
): Promise<{ outcomes: RecordOutcome[]; held: ReadonlySet<string>; made: MadeCase[] }> {
  const now = new Date()
  const refused = new Map<string, Refusal>()
  for (const item of records) if (item.kind === 'refused') refused.set(item.id, item)
  const searches = new Map(
    records.flatMap((item) =>
      item.kind === 'record' ? [[item.id, item.record.search_uuid] as const] : [],
    ),
  )
  const storable = records.flatMap((item) => (item.kind === 'record' ? [item.record] : []))
  const bytes = new Map(records.map((item) => [item.id, item.bytes]))

  const attempt = (oneByOne: boolean) =>
    db.transaction().execute(async (trx) => {
      const failed = new Map(refused)
      const { held, replaced, made } = oneByOne
        ? await storeOneByOne(trx, storable, now, failed, bytes, searches)
        : await storeAll(trx, storable, now)
      const storedIds = storable.map((record) => record.id).filter((id) => !failed.has(id))
      const fresh = await setAside(trx, failed, options.after, now)
      const inserted = new Set(storedIds).size - held.size
      await countAndClear(trx, storedIds, inserted)
      await options.within?.(trx, held, inserted, made, replaced)
      return { held, made, failed, fresh }
    })

  let result
  try {
    result = await attempt(false)
  } catch (error) {
    if (!isRecordError(error)) throw error
    result = await attempt(true)
  }
  const { held, made, failed, fresh } = result
  for (const [id, { error, bytes: size }] of failed) {
    // Once, when first set aside: every poll meets it again, and the list on /history-sync counts.
    if (!fresh.has(setAsideKey(id))) continue
    // Ids, sizes and the store's error only: never a value of the record.
    mirrorLog('warn', 'record set aside', {
      id: id.slice(0, 100),
      idLength: id.length,
      bytes: size,
      error,
      after: options.after,
    })
  }
  const outcomes = records.map((item): RecordOutcome => {
    const failure = failed.get(item.id)
    if (failure) return { id: item.id, outcome: 'set_aside', error: failure.error }
    return { id: item.id, outcome: held.has(item.id) ? 'held' : 'stored' }
  })
  return { outcomes, held, made }
}

async function storeAll(trx: Transaction<Database>, records: readonly MirrorRecord[], now: Date) {
  const { held, replaced } = await upsertRecords(trx, records, now)
  const made = await makeCases(
    trx,
    records.map((record) => record.id),
    now,
  )
  return { held, replaced, made }
}

/** Each record in a savepoint of its own; a record the store refuses joins `failed`. */
async function storeOneByOne(
  trx: Transaction<Database>,
  records: readonly MirrorRecord[],
  now: Date,
  failed: Map<string, Refusal>,
  bytes: ReadonlyMap<string, number>,
  searches: ReadonlyMap<string, string | null>,
) {
  const held = new Set<string>()
  const replaced = new Set<string>()
  const made: MadeCase[] = []
  for (const record of records) {
    await sql`savepoint mirror_record`.execute(trx)
    try {
      const one = await storeAll(trx, [record], now)
      for (const id of one.held) held.add(id)
      for (const id of one.replaced) replaced.add(id)
      made.push(...one.made)
      await sql`release savepoint mirror_record`.execute(trx)
    } catch (error) {
      if (!isRecordError(error)) throw error
      await sql`rollback to savepoint mirror_record`.execute(trx)
      failed.set(record.id, {
        error: storeError(error),
        bytes: bytes.get(record.id) ?? 0,
        searchUuid: searches.get(record.id) ?? null,
      })
    }
  }
  return { held, replaced, made }
}

/** The store's error without any quoted value it may repeat from the record (identifiers kept). */
function storeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  const code = (error as { code?: unknown }).code
  const text = message.replace(/"([^"]*)"/g, (whole, inner: string) =>
    /^[a-z0-9_]{1,63}$/.test(inner) ? whole : '"…"',
  )
  return `${typeof code === 'string' ? `${code}: ` : ''}${text}`.slice(0, 500)
}

export function setAsideKey(id: string): string {
  return createHash('sha256').update(id).digest('hex')
}

/** Sets records aside; returns the keys of those not set aside before. */
async function setAside(
  trx: Transaction<Database>,
  failed: ReadonlyMap<string, Refusal>,
  after: string | null,
  now: Date,
): Promise<Set<string>> {
  if (failed.size === 0) return new Set()
  const rows = await trx
    .insertInto('history_set_aside')
    .values(
      [...failed].map(([id, { error, bytes, searchUuid }]) => ({
        key: setAsideKey(id),
        record_id: id.slice(0, 200),
        id_length: id.length,
        search_uuid: searchUuid === null ? null : searchUuid.slice(0, 200),
        page_after: after === null ? null : after.slice(0, 1_000),
        error,
        raw_bytes: bytes,
        first_seen_at: now,
        last_seen_at: now,
        next_attempt_at: new Date(now.getTime() + RETRY_FIRST_MS),
      })),
    )
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet((eb) => ({
        error: eb.ref('excluded.error'),
        search_uuid: eb.ref('excluded.search_uuid'),
        raw_bytes: eb.ref('excluded.raw_bytes'),
        page_after: eb.ref('excluded.page_after'),
        last_seen_at: eb.ref('excluded.last_seen_at'),
        attempts: eb('history_set_aside.attempts', '+', 1),
        // Doubling from a minute to a day between retries.
        next_attempt_at: sql<Date>`${now}::timestamptz + least(
          interval '1 minute' * power(2, history_set_aside.attempts), interval '1 day')`,
      })),
    )
    // xmax is 0 on a row this statement inserted, and set on one it updated.
    .returning(['key', sql<boolean>`xmax = 0`.as('inserted')])
    .execute()
  return new Set(rows.filter((row) => row.inserted).map((row) => row.key))
}

const RETRY_FIRST_MS = 60_000

/**
 * Adds the records inserted to the mirror's count, and takes the records stored off the set-aside
 * list, in one statement (one round trip a page); the delete reads the set-aside rows alone,
 * usually none.
 */
async function countAndClear(trx: Transaction<Database>, ids: readonly string[], inserted: number) {
  await sql`
    with cleared as (
      delete from history_set_aside s where exists (
        select 1 from unnest(${ids}::text[]) as stored(id)
        where left(stored.id, 200) = s.record_id and s.id_length = length(stored.id)
          and s.key = encode(sha256(convert_to(stored.id, 'UTF8')), 'hex')
      )
    )
    update history_sync_state set records = records + ${inserted} where name = 'history'
  `.execute(trx)
}

/**
 * Stores raw history records (a delivery's, or any list of them) and audits the cases they make:
 * per record, `stored`, `held` (already in the mirror, updated if it changed) or `set_aside`. A
 * record without an id cannot be kept and has no outcome.
 */
export async function storeHistoryRecords(
  db: Kysely<Database>,
  raws: readonly unknown[],
): Promise<RecordOutcome[]> {
  const records = raws.flatMap((raw) => {
    const prepared = prepareRecord(raw, Buffer.byteLength(JSON.stringify(raw) ?? ''))
    return prepared ? [prepared] : []
  })
  if (records.length === 0) return []
  const { outcomes, made } = await storeRecords(db, records, { after: null })
  await announceCases(db, made)
  return outcomes
}
