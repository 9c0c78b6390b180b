import 'server-only'

import { randomBytes } from 'node:crypto'

import type { Kysely } from 'kysely'

import type { StatementRunner, Store } from '@/lib/store/open'
import type { AuditEventRow, Database } from '@/lib/store/schema'

import {
  GENESIS_HASH,
  appendMac,
  appendMacHolds,
  writerGap,
  type ChainPosition,
  sealHead,
  sealRecord,
  verifyTrail,
  type AppendedRecord,
  type AppendMark,
  type AuditEntry,
  type AuditHead,
  type AuditRecord,
  type Verification,
  type WriterCounts,
} from './chain'

/*
 * The audit trail in the store (issue #55: append, then sequence). A request's row is committed
 * unchained: one INSERT, no shared row to wait for, and the request answers once it is durable. The
 * sequencer (sequencer.ts) then links committed rows into the HMAC chain and moves the head.
 *
 * A writer (one per process) numbers its rows 1, 2, 3… and sends one write at a time: entries that
 * arrive while a write is under way go into the next one together (group commit). Its rows
 * therefore commit in the order of their numbers, and a number missing in the chain is a row
 * removed before it was sealed. A batch the store refuses is written again entry by entry, so one
 * bad entry fails alone; after any failure the writer reads its last committed number back, so a
 * write whose outcome it never heard cannot leave a gap. A request waits until its row is
 * committed: a view whose row cannot be written fails.
 */

type Db = Kysely<Database>
type Pending = {
  entry: AuditEntry
  resolve: (record: AppendedRecord) => void
  reject: (error: unknown) => void
}
/** An entry that can only be made once its sequence number is known (see `appendMade`). */
export type MakeEntry = (seq: number) => Promise<AuditEntry>

const MAX_BATCH = 256

export type AuditWriter = {
  /** Commits the entry unsealed; resolves once it is committed, rejects when it cannot be. */
  append: (entry: AuditEntry) => Promise<AppendedRecord>
  /**
   * Appends the entry `make` returns for the sequence number its row will have, sealed at once.
   * The head row stays locked while `make` runs, so no other row can take that number: keep it
   * short and free of store reads (the embedded store has one connection).
   */
  appendMade: (make: MakeEntry) => Promise<AuditRecord>
}

type WriterHooks = {
  /** Each batch of rows as it is committed (a made entry's sealed at once), in commit order. */
  echo?: (records: (AppendedRecord | AuditRecord)[]) => void
  /** Called after each committed write with its writer and lowest id: the sequencer has work. */
  appended?: (writer: string, lowestId: number) => void
}

/** A writer of one process on one store. */
export function createAuditWriter(
  { db, query }: Pick<Store, 'db' | 'query'>,
  key: Uint8Array,
  { echo = () => {}, appended = () => {} }: WriterHooks = {},
): AuditWriter {
  const writer = randomBytes(9).toString('base64url')
  const queue: Pending[] = []
  let writing = false
  // The writer's next number; null after a failure, until read back from the store.
  let next: number | null = 1

  async function nextNumber() {
    if (next !== null) return next
    const row = await db
      .selectFrom('audit_events')
      .select((eb) => eb.fn.max('writer_seq').as('last'))
      .where('writer', '=', writer)
      .executeTakeFirst()
    return (next = Number(row?.last ?? 0) + 1)
  }

  /** Writes a batch; whatever the error, it settled none of its entries (one statement). */
  async function settle(batch: Pending[]) {
    try {
      const first = await nextNumber()
      const rows = batch.map(({ entry }, index) => ({ ...entry, writer, writerSeq: first + index }))
      const ids = await insertAppended(query, key, rows)
      next = first + rows.length
      const records = rows.map((row, index) => ({ ...row, id: ids[index]! }))
      echo(records)
      appended(writer, Math.min(...ids))
      batch.forEach((pending, index) => pending.resolve(records[index]!))
      return true
    } catch (error) {
      next = null
      if (batch.length === 1) batch[0]!.reject(error)
      return false
    }
  }

  async function drain() {
    writing = true
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_BATCH)
      // Entries of a batch are other analysts' requests: one that the store refuses (a NUL in a
      // value, say) must not fail them. A failed batch is written again one entry at a time, so
      // each is committed or fails with its own error.
      if (!(await settle(batch)) && batch.length > 1) {
        for (const pending of batch) await settle([pending])
      }
      // The embedded store commits within the turn that asked, before the other requests this
      // turn brought in reach their append: the writer stays busy until the turn ends, so those
      // queue and go in the next write together rather than one write each.
      if (queue.length === 0) await new Promise((resolve) => setImmediate(resolve))
    }
    writing = false
  }

  return {
    append: (entry) =>
      new Promise<AppendedRecord>((resolve, reject) => {
        queue.push({ entry, resolve, reject })
        if (!writing) void drain()
      }),
    appendMade: async (make) => {
      const record = await appendLocked(db, key, make)
      echo([record])
      return record
    },
  }
}

/*
 * One statement, prepared once per connection under its name: parsing and planning it again on
 * every append cost the embedded store a fifth of a read's time. It answers each row's id by its
 * writer's number. A write of one row (every write at concurrency 1) takes its values as they are:
 * fourteen arrays to build, send and unnest cost the embedded store 0.15–0.2 ms of a 0.5 ms append.
 */
const COLUMNS = `at, user_label, analyst_id, action, resource_type, resource_id, field, reason,
  request_id, client_request_id, outcome, writer, writer_seq, append_mac`
const APPEND_ONE = {
  name: 'verity_audit_append_one',
  text: `insert into audit_events (${COLUMNS})
    values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
    returning id, writer_seq`,
}
const APPEND = {
  name: 'verity_audit_append_unsealed',
  text: `insert into audit_events (${COLUMNS})
    select * from unnest($1::timestamptz[], $2::text[], $3::text[], $4::text[], $5::text[],
      $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[],
      $13::bigint[], $14::text[])
    returning id, writer_seq`,
}

const COLUMN_VALUES: ((row: AuditEntry & AppendMark, key: Uint8Array) => unknown)[] = [
  (row) => row.time,
  (row) => row.user,
  (row) => row.analystId ?? null,
  (row) => row.action,
  (row) => row.resource.type,
  (row) => row.resource.id,
  (row) => row.field ?? null,
  (row) => row.reason ?? null,
  (row) => row.requestId,
  (row) => row.clientRequestId ?? null,
  (row) => row.outcome,
  (row) => row.writer,
  (row) => row.writerSeq,
  (row, key) => appendMac(key, row),
]

async function insertAppended(
  query: StatementRunner,
  key: Uint8Array,
  rows: (AuditEntry & AppendMark)[],
) {
  const [only] = rows
  const { rows: inserted } = await query<{ id: number; writer_seq: number }>(
    rows.length === 1
      ? { ...APPEND_ONE, values: COLUMN_VALUES.map((value) => value(only!, key)) }
      : { ...APPEND, values: COLUMN_VALUES.map((value) => rows.map((row) => value(row, key))) },
  )
  const idOf = new Map(inserted.map((row) => [Number(row.writer_seq), Number(row.id)]))
  return rows.map((row) => idOf.get(row.writerSeq)!)
}

/** The way of a made entry: lock the head row, read it, append sealed after it. */
async function appendLocked(db: Db, key: Uint8Array, make: MakeEntry) {
  return db.transaction().execute(async (trx) => {
    const from = await trx
      .selectFrom('audit_head')
      .select(['seq', 'hash'])
      .where('id', '=', 1)
      .forUpdate()
      .executeTakeFirstOrThrow()
    const record = sealRecord(key, from.seq + 1, from.hash, await make(from.seq + 1))
    const head = sealHead(key, record.seq, record.hash)
    await trx.insertInto('audit_events').values(toRow(record)).execute()
    await trx
      .updateTable('audit_head')
      .set({ seq: head.seq, hash: head.hash, mac: head.mac })
      .where('id', '=', 1)
      .execute()
    return record
  })
}

function toRow(record: AuditRecord) {
  return {
    seq: record.seq,
    at: new Date(record.time),
    user_label: record.user,
    analyst_id: record.analystId ?? null,
    action: record.action,
    resource_type: record.resource.type,
    resource_id: record.resource.id,
    field: record.field ?? null,
    reason: record.reason ?? null,
    request_id: record.requestId,
    client_request_id: record.clientRequestId ?? null,
    outcome: record.outcome,
    prev_hash: record.prevHash,
    hash: record.hash,
  }
}

function entryOf(row: AuditEventRow): AuditEntry {
  return {
    time: row.at.toISOString(),
    user: row.user_label,
    ...(row.analyst_id === null ? {} : { analystId: row.analyst_id }),
    action: row.action as AuditEntry['action'],
    resource: { type: row.resource_type, id: row.resource_id },
    ...(row.field === null ? {} : { field: row.field }),
    ...(row.reason === null ? {} : { reason: row.reason }),
    requestId: row.request_id,
    ...(row.client_request_id === null ? {} : { clientRequestId: row.client_request_id }),
    outcome: row.outcome,
  }
}

/** A stored row as its writer appended it (what its append MAC covers); null without a writer. */
export function appendedOf(row: AuditEventRow): (AuditEntry & AppendMark) | null {
  if (row.writer === null || row.writer_seq === null) return null
  return { ...entryOf(row), writer: row.writer, writerSeq: row.writer_seq }
}

function recordOf(row: AuditEventRow): AuditRecord {
  const { time, user, ...rest } = entryOf(row)
  return {
    log: 'audit',
    seq: row.seq!,
    time,
    user,
    ...rest,
    ...(row.writer === null ? {} : { writer: row.writer, writerSeq: row.writer_seq! }),
    prevHash: row.prev_hash!,
    hash: row.hash!,
  }
}

/** Gives a new trail's head its MAC, so that from now on every head record is under the key. */
export async function sealGenesis(db: Db, key: Uint8Array) {
  const sealed = sealHead(key, 0, GENESIS_HASH)
  await db
    .updateTable('audit_head')
    .set({ mac: sealed.mac })
    .where('id', '=', 1)
    .where('seq', '=', 0)
    .where('mac', '=', '')
    .execute()
}

export async function readHead(db: Db): Promise<AuditHead> {
  return db
    .selectFrom('audit_head')
    .select(['seq', 'hash', 'mac'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow()
}

/** Every row from `after` on, in sequence order, read in batches. */
export async function* readRecords(db: Db, after = 0, until = Infinity, batch = 1_000) {
  let last = after
  for (;;) {
    let query = db
      .selectFrom('audit_events')
      .selectAll()
      .where('seq', '>', last)
      .orderBy('seq')
      .limit(batch)
    if (Number.isFinite(until)) query = query.where('seq', '<=', until)
    const rows = await query.execute()
    for (const row of rows) yield recordOf(row)
    if (rows.length < batch) return
    last = rows.at(-1)!.seq!
  }
}

/**
 * Reads the head first, then the rows: anything sealed meanwhile must chain on from it. Then the
 * rows not yet sealed: each must still match its append MAC and follow its writer's row before.
 */
export async function verifyStoredTrail(db: Db, key: Uint8Array): Promise<Verification> {
  return verifyStoredFrom(db, key)
}

/**
 * `verifyStoredTrail` from a row already verified, with each writer's last number up to it in
 * `writers` (updated as sealed rows are read).
 */
export async function verifyStoredFrom(
  db: Db,
  key: Uint8Array,
  from: ChainPosition = { seq: 0, hash: GENESIS_HASH },
  writers: WriterCounts = new Map(),
): Promise<Verification> {
  const head = await readHead(db)
  const chain = await verifyTrail(key, readRecords(db, from.seq), head, from, writers)
  if (!chain.ok) return chain
  // In one statement, so a row sealed since the chain was read is not missed between the two.
  const rest = await db
    .selectFrom('audit_events')
    .selectAll()
    .where((eb) => eb.or([eb('seq', 'is', null), eb('seq', '>', chain.last.seq)]))
    .orderBy('seq')
    .orderBy('id')
    .execute()
  const sealed = rest.filter((row) => row.seq !== null)
  const tail = await verifyTrail(key, sealed.map(recordOf), null, chain.last, writers)
  if (!tail.ok) return tail
  const counts = new Map(writers)
  for (const row of rest.filter((row) => row.seq === null)) {
    const appended = appendedOf(row)
    const reason = !appended
      ? 'it names no writer, so nothing appended it'
      : !row.append_mac || !appendMacHolds(key, appended, row.append_mac)
        ? 'its content does not match its append MAC (changed before it was sealed)'
        : writerGap(counts, appended, true)
    if (reason) {
      return {
        ok: false,
        seq: tail.last.seq + 1,
        reason: `the row appended as id ${row.id}, not yet sealed: ${reason}`,
        rows: tail.rows,
      }
    }
  }
  return { ...tail, head: chain.head }
}

/** The trail as JSON lines, up to the head read first, which closes it (see trail-file.ts). */
export async function exportTrail(db: Db, write: (line: string) => void | Promise<void>) {
  const head = await readHead(db)
  let rows = 0
  for await (const record of readRecords(db, 0, head.seq)) {
    await write(`${JSON.stringify(record)}\n`)
    rows += 1
  }
  await write(`${JSON.stringify({ log: 'audit-head', ...head })}\n`)
  return { rows, head }
}
