import 'server-only'

import { sql, type Kysely } from 'kysely'

import type { Database } from '@/lib/store/schema'

import { appendMacHolds, sealHead, sealRecord, type AuditRecord } from './chain'
import { appendedOf } from './trail'

/*
 * The sequencer links committed audit rows into the HMAC chain (issue #55), as a Certificate
 * Transparency log merges accepted entries within its maximum merge delay. A round, in one
 * transaction: take the store's sequencer lock (an advisory lock, so of all instances on one store
 * one seals at a time, and the others skip their turn), lock the head, read the unsealed rows
 * committed so far in append order, give each the next place in the chain and move the head.
 *
 * A row's place is given when it is sealed, not when it is appended: on a PostgreSQL server a row
 * whose transaction took a lower id may commit after a higher one was sealed. It is then unsealed
 * and visible to the next round, which seals it after: never skipped, whatever the order commits
 * come in. A writer's own rows commit in its order (trail.ts), so they are sealed in it.
 *
 * A row that no longer matches its append MAC is not sealed: it stays unsealed, which the health
 * check and `npm run audit:verify` report.
 */

type Db = Kysely<Database>

/** The rows one round seals at most; a round that sealed this many is followed by another. */
const ROUND_ROWS = 1_000
/** The advisory lock's key: "verity-audit-sequencer" to a number, any fixed one will do. */
const LOCK_KEY = 7_305_119_824_123_657

export type Round = { sealed: AuditRecord[]; refused: number[]; more: boolean }

/**
 * One round; null when another sequencer holds the lock (`wait`: wait for it instead, for callers
 * that need every row committed so far sealed when it returns).
 */
export async function sealCommitted(db: Db, key: Uint8Array, wait = false): Promise<Round | null> {
  return db.transaction().execute(async (trx) => {
    if (wait) await sql`select pg_advisory_xact_lock(${LOCK_KEY}::bigint)`.execute(trx)
    // The lock and the head in one statement: a round is a few statements on the store's one
    // connection (embedded), between requests' appends.
    const { rows: heads } = await sql<{ seq: number; hash: string }>`select seq, hash
      from audit_head where id = 1
        and ${wait ? sql`true` : sql`pg_try_advisory_xact_lock(${LOCK_KEY}::bigint)`}
      for update`.execute(trx)
    const head = heads[0]
    if (!head) return null
    const rows = await trx
      .selectFrom('audit_events')
      .selectAll()
      .where('seq', 'is', null)
      .orderBy('id')
      .limit(ROUND_ROWS)
      .execute()
    const sealed: AuditRecord[] = []
    const ids: number[] = []
    const refused: number[] = []
    let { seq, hash } = head
    for (const row of rows) {
      const appended = appendedOf(row)
      if (!appended || !row.append_mac || !appendMacHolds(key, appended, row.append_mac)) {
        refused.push(row.id)
        continue
      }
      const record = sealRecord(key, (seq += 1), hash, appended)
      hash = record.hash
      sealed.push(record)
      ids.push(row.id)
    }
    if (sealed.length > 0) {
      const next = sealHead(key, seq, hash)
      await sql`with sealed as (
          update audit_events set seq = s.seq, prev_hash = s.prev_hash, hash = s.hash
          from unnest(${ids}::bigint[], ${sealed.map((r) => r.seq)}::bigint[],
            ${sealed.map((r) => r.prevHash)}::text[], ${sealed.map((r) => r.hash)}::text[])
            as s(id, seq, prev_hash, hash)
          where audit_events.id = s.id
        )
        update audit_head set seq = ${next.seq}, hash = ${next.hash}, mac = ${next.mac}
        where id = 1`.execute(trx)
    }
    return { sealed, refused, more: rows.length === ROUND_ROWS }
  })
}

export type Sequencer = {
  /** There are new rows: a round runs within half of `sealMs`. */
  nudge: () => void
  /** Seals every row committed before the call, waiting for another sequencer if need be. */
  sealNow: () => Promise<void>
  /** Stops the timers and seals what is left (a stopping server leaves nothing unsealed). */
  stop: () => Promise<void>
}

type SequencerOptions = {
  sealMs: number
  /**
   * Also run a round this often without a nudge, for rows another instance appended and could not
   * seal (it stopped): on a shared store. An embedded store has one process, which nudges.
   */
  sweepMs?: number
}

/** The sequencer of one process; rounds run on nudges (and sweeps), one at a time. */
export function startSequencer(
  db: Db,
  key: Uint8Array,
  { sealMs, sweepMs }: SequencerOptions,
): Sequencer {
  let timer: NodeJS.Timeout | null = null
  let running: Promise<void> | null = null
  let dirty = false
  let stopped = false
  const warned = new Set<number>()

  function schedule(delay: number) {
    if (timer || stopped) return
    timer = setTimeout(() => {
      timer = null
      void run(false)
    }, delay)
    timer.unref()
  }

  async function round(wait: boolean) {
    for (;;) {
      // Cleared before the round reads: a row committed from here on nudges again.
      dirty = false
      let result: Round | null
      try {
        result = await sealCommitted(db, key, wait)
      } catch (error) {
        dirty = true
        console.warn(
          JSON.stringify({
            level: 'warn',
            msg: 'audit rows not sealed',
            error: error instanceof Error ? error.message : String(error),
          }),
        )
        schedule(sealMs)
        return
      }
      if (!result) {
        // Another instance is sealing; it may have read before these rows committed.
        dirty = true
        schedule(sealMs / 4)
        return
      }
      for (const id of result.refused.filter((id) => !warned.has(id))) {
        warned.add(id)
        console.error(
          JSON.stringify({
            level: 'error',
            msg: 'audit row not sealed: it does not match its append MAC',
            id,
          }),
        )
      }
      if (!result.more) break
    }
    if (dirty) schedule(sealMs / 2)
  }

  async function run(wait: boolean): Promise<void> {
    while (running) await running
    running = round(wait).finally(() => {
      running = null
    })
    return running
  }

  const sweep = sweepMs ? setInterval(() => schedule(0), sweepMs) : null
  sweep?.unref()
  // Rows a previous process committed and did not live to seal.
  schedule(0)

  return {
    nudge: () => {
      dirty = true
      schedule(sealMs / 2)
    },
    sealNow: () => run(true),
    stop: async () => {
      stopped = true
      if (timer) clearTimeout(timer)
      if (sweep) clearInterval(sweep)
      await run(true)
    },
  }
}
