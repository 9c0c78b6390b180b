import 'server-only'

import type { Kysely } from 'kysely'

import type { StatementRunner, Store } from '@/lib/store/open'
import type { AuditEventRow, Database } from '@/lib/store/schema'

import {
  GENESIS_HASH,
  sealHead,
  sealRecord,
  verifyTrail,
  type AuditEntry,
  type AuditHead,
  type AuditRecord,
  type Verification,
} from './chain'

/*
 * The audit trail in the store. Appends are serialised by the head record: any number of
 * instances on one database extend one chain. A writer remembers the head it last wrote and
 * appends in one statement that moves the head only if it is still there (and inserts the rows
 * only if it moved); when another instance got in between, it falls back to a transaction that
 * locks the head row and reads it. Within a process, entries that arrive while a write is under
 * way, or in the turn of the event loop that wrote, go into the next write together (group
 * commit); a batch the store refuses is written again entry by entry, so one bad entry fails
 * alone. A request waits until its row is committed: a view whose row cannot be written fails.
 */

type Db = Kysely<Database>
type Pending = {
  entry: AuditEntry | MakeEntry
  resolve: (record: AuditRecord) => void
  reject: (error: unknown) => void
}
/** An entry that can only be made once its sequence number is known (see `appendMade`). */
export type MakeEntry = (seq: number) => Promise<AuditEntry>
type Position = { seq: number; hash: string }

const MAX_BATCH = 256

export type AuditWriter = {
  append: (entry: AuditEntry) => Promise<AuditRecord>
  /**
   * Appends the entry `make` returns for the sequence number its row will have. The head row stays
   * locked while `make` runs, so no other row can take that number: keep it short and free of
   * store reads (the embedded store has one connection).
   */
  appendMade: (make: MakeEntry) => Promise<AuditRecord>
}

/** A writer of one process on one store; `echo` receives each committed batch in order. */
export function createAuditWriter(
  { db, query }: Pick<Store, 'db' | 'query'>,
  key: Uint8Array,
  echo: (records: AuditRecord[]) => void = () => {},
): AuditWriter {
  const queue: Pending[] = []
  let writing = false
  let known: Position | null = null

  async function write(entries: AuditEntry[] | MakeEntry) {
    const records =
      typeof entries === 'function' || !known ? null : await appendAt(query, key, known, entries)
    const written = records ?? (await appendLocked(db, key, entries))
    const last = written.at(-1)
    if (last) known = { seq: last.seq, hash: last.hash }
    return written
  }

  /** Writes a batch; whatever the error, it settled none of its entries (one statement). */
  async function settle(batch: Pending[]) {
    const first = batch[0]!.entry
    try {
      const records = await write(
        typeof first === 'function' ? first : batch.map((pending) => pending.entry as AuditEntry),
      )
      echo(records)
      batch.forEach((pending, index) => pending.resolve(records[index]!))
      return true
    } catch (error) {
      known = null
      if (batch.length === 1) batch[0]!.reject(error)
      return false
    }
  }

  async function drain() {
    writing = true
    while (queue.length > 0) {
      // A made entry is written alone; plain ones are batched up to the next made one.
      const made = queue.findIndex((pending) => typeof pending.entry === 'function')
      const batch = queue.splice(
        0,
        made === 0 ? 1 : Math.min(made < 0 ? MAX_BATCH : made, MAX_BATCH),
      )
      // Entries of a batch are other analysts' requests: one that the store refuses (a NUL in a
      // value, say) must not fail them. A failed batch is written again one entry at a time, so
      // each is committed or fails with its own error.
      if (!(await settle(batch)) && batch.length > 1) {
        for (const pending of batch) await settle([pending])
      }
      // The embedded store commits within the turn that asked, before the other requests this
      // turn brought in reach their append: without this wait each would be written alone. The
      // writer stays busy until the turn ends, so they queue and go in the next write together.
      if (queue.length === 0) await new Promise((resolve) => setImmediate(resolve))
    }
    writing = false
  }

  function enqueue(entry: AuditEntry | MakeEntry) {
    return new Promise<AuditRecord>((resolve, reject) => {
      queue.push({ entry, resolve, reject })
      if (!writing) void drain()
    })
  }

  return { append: enqueue, appendMade: enqueue }
}

function chainOn(key: Uint8Array, from: Position, entries: AuditEntry[]) {
  let { seq, hash } = from
  const records = entries.map((entry) => {
    const record = sealRecord(key, (seq += 1), hash, entry)
    hash = record.hash
    return record
  })
  return { records, head: sealHead(key, seq, hash) }
}

/*
 * One statement (migration 0018's function), prepared once per connection under its name: parsing
 * and planning it again on every append cost the embedded store a fifth of a read's time.
 */
const APPEND = {
  name: 'verity_audit_append',
  text: `select verity_audit_append($1, $2, $3, $4, $5, $6::bigint[], $7::timestamptz[], $8::text[],
    $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[],
    $16::text[], $17::text[], $18::text[], $19::text[]) as inserted`,
}

/** The rows and the new head in one statement, or nothing when the head is no longer `from`. */
async function appendAt(
  query: StatementRunner,
  key: Uint8Array,
  from: Position,
  entries: AuditEntry[],
) {
  const { records, head } = chainOn(key, from, entries)
  const rows = records.map(toRow)
  const column = <K extends keyof ReturnType<typeof toRow>>(name: K) => rows.map((row) => row[name])
  try {
    const { rows: answered } = await query<{ inserted: number }>({
      ...APPEND,
      values: [
        from.seq,
        from.hash,
        head.seq,
        head.hash,
        head.mac,
        column('seq'),
        rows.map((row) => row.at.toISOString()),
        column('user_label'),
        column('analyst_id'),
        column('action'),
        column('resource_type'),
        column('resource_id'),
        column('field'),
        column('reason'),
        column('request_id'),
        column('client_request_id'),
        column('outcome'),
        column('prev_hash'),
        column('hash'),
      ],
    })
    return Number(answered[0]?.inserted) === records.length ? records : null
  } catch (error) {
    // Another instance took these sequence numbers first.
    if ((error as { code?: string }).code === '23505') return null
    throw error
  }
}

/** The fallback, and the way of a made entry: lock the head row, read it, append after it. */
async function appendLocked(db: Db, key: Uint8Array, entries: AuditEntry[] | MakeEntry) {
  return db.transaction().execute(async (trx) => {
    const from = await trx
      .selectFrom('audit_head')
      .select(['seq', 'hash'])
      .where('id', '=', 1)
      .forUpdate()
      .executeTakeFirstOrThrow()
    const made = typeof entries === 'function' ? [await entries(from.seq + 1)] : entries
    const { records, head } = chainOn(key, from, made)
    await trx.insertInto('audit_events').values(records.map(toRow)).execute()
    await trx
      .updateTable('audit_head')
      .set({ seq: head.seq, hash: head.hash, mac: head.mac })
      .where('id', '=', 1)
      .execute()
    return records
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

function recordOf(row: AuditEventRow): AuditRecord {
  return {
    log: 'audit',
    seq: row.seq,
    time: row.at.toISOString(),
    user: row.user_label,
    ...(row.analyst_id === null ? {} : { analystId: row.analyst_id }),
    action: row.action as AuditRecord['action'],
    resource: { type: row.resource_type, id: row.resource_id },
    ...(row.field === null ? {} : { field: row.field }),
    ...(row.reason === null ? {} : { reason: row.reason }),
    requestId: row.request_id,
    ...(row.client_request_id === null ? {} : { clientRequestId: row.client_request_id }),
    outcome: row.outcome,
    prevHash: row.prev_hash,
    hash: row.hash,
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
    last = rows.at(-1)!.seq
  }
}

/** Reads the head first, then the rows: anything appended meanwhile must chain on from it. */
export async function verifyStoredTrail(db: Db, key: Uint8Array): Promise<Verification> {
  const head = await readHead(db)
  return verifyTrail(key, readRecords(db), head)
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
