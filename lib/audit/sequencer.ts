import 'server-only'

import type { Store } from '@/lib/store/open'
import type { AuditEventRow } from '@/lib/store/schema'

import { appendMacHolds, sealHead, sealRecord, type AuditRecord } from './chain'
import { appendedOf } from './trail'

/*
 * The sequencer links committed audit rows into the HMAC chain (issue #55), as a Certificate
 * Transparency log merges accepted entries within its maximum merge delay. A round reads the head
 * and the unsealed rows committed so far in append order, gives each the next place in the chain,
 * and moves the head in one statement that applies only if the head is still where it was read: of
 * all sealers on one store (an instance's sequencer, another instance's, an evidence pack's row
 * sealed as it is appended) one wins each place, and the others read again.
 *
 * A row's place is given when it is sealed, not when it is appended: on a PostgreSQL server a row
 * whose transaction took a lower id may commit after a higher one was sealed. It is then unsealed
 * and visible to the next round, which seals it after: never skipped, whatever the order commits
 * come in. A writer's own rows commit in its order (trail.ts), so they are sealed in it.
 *
 * A row that no longer matches its append MAC is not sealed: it stays unsealed, which the health
 * check and `npm run audit:verify` report.
 */

type Statements = Pick<Store, 'query'>

/** The rows one round seals at most; a round that sealed this many is followed by another. */
const ROUND_ROWS = 1_000

export type Round = { sealed: AuditRecord[]; refused: number[]; more: boolean }

/**
 * Which unsealed rows a round reads: all of them, or only given writers' rows from each one's
 * lowest id nudged about. Never another writer's from a bound: its rows below the bound could be
 * unsealed still, and sealing a later one first would put that writer's rows out of its order.
 */
export type SealScope = 'all' | ReadonlyMap<string, number>

/**
 * One round; null when another sealer moved the head first (`wait`: try again until this one
 * seals, for callers that need every row committed so far sealed when it returns).
 */
export async function sealCommitted(
  store: Statements,
  key: Uint8Array,
  wait = false,
  scope: SealScope = 'all',
): Promise<Round | null> {
  for (;;) {
    const round = await sealOnce(store, key, scope)
    if (round || !wait) return round
  }
}

/*
 * Two statements and no transaction: read the head and the unsealed rows at once, compute the
 * chain here, then one statement that moves the head only from where it was read and seals the
 * rows only if it did. A sealer that lost the race (another instance's round, an evidence pack's
 * row sealed at append) changes nothing and reads again. A round was five statements (a
 * transaction, the lock, the head, the rows, the update) holding the embedded store's one
 * connection throughout, some 2.2 ms fixed: at 20 rounds a second most of what the trail cost a
 * read beyond its own row.
 *
 * Both are prepared once per connection under their names, with the same text whatever the scope
 * (the writers and their bounds are arrays): parsed and planned anew, they were most of a round's
 * fixed cost, 3.5 ms of a 4 ms round on the embedded store.
 *
 * Sealing leaves a dead entry in the unsealed rows' index until the table is vacuumed, which the
 * embedded store never is on its own: a look from the first id walked every row sealed since (a
 * round's read grew from 0.9 to 2.4 ms over 17,000 rows). From the writers' lowest new ids, it
 * walks only those; `$1` is the lowest of them (0 for every row), `$2` and `$3` the writers and
 * their bounds (null for every row).
 */
const READ = {
  name: 'verity_audit_seal_read',
  text: `select h.seq as head_seq, h.hash as head_hash, e.*
    from audit_head h
    left join lateral (
      select * from audit_events
      where seq is null and id >= $1
        and ($2::text[] is null or exists (
          select from unnest($2::text[], $3::bigint[]) as w(writer, low)
          where w.writer = audit_events.writer and audit_events.id >= w.low))
      order by id
      limit $4
    ) e on true
    where h.id = 1`,
}

const SEAL = {
  name: 'verity_audit_seal',
  text: `with head as (
      update audit_head set seq = $1, hash = $2, mac = $3
      where id = 1 and seq = $4
      returning id
    )
    update audit_events set seq = s.seq, prev_hash = s.prev_hash, hash = s.hash
    from unnest($5::bigint[], $6::bigint[], $7::text[], $8::text[]) as s(id, seq, prev_hash, hash)
    where audit_events.id = s.id and audit_events.seq is null and exists (select from head)
    returning audit_events.id`,
}

async function sealOnce(
  { query }: Statements,
  key: Uint8Array,
  scope: SealScope,
): Promise<Round | null> {
  const bounds = scope === 'all' ? [] : [...scope]
  const { rows: read } = await query<
    Partial<AuditEventRow> & { head_seq: number; head_hash: string }
  >({
    ...READ,
    values: [
      bounds.length === 0 ? 0 : Math.min(...bounds.map(([, id]) => id)),
      bounds.length === 0 ? null : bounds.map(([writer]) => writer),
      bounds.length === 0 ? null : bounds.map(([, id]) => id),
      ROUND_ROWS,
    ],
  })
  const first = read[0]
  if (!first) return null
  const rows = read.filter((row): row is AuditEventRow & typeof row => row.id != null)
  const sealed: AuditRecord[] = []
  const ids: number[] = []
  const refused: number[] = []
  let seq = first.head_seq
  let hash = first.head_hash
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
  const more = rows.length === ROUND_ROWS
  if (sealed.length === 0) return { sealed, refused, more }
  const next = sealHead(key, seq, hash)
  const { rows: done } = await query<{ id: number }>({
    ...SEAL,
    values: [
      next.seq,
      next.hash,
      next.mac,
      first.head_seq,
      ids,
      sealed.map((r) => r.seq),
      sealed.map((r) => r.prevHash),
      sealed.map((r) => r.hash),
    ],
  })
  if (done.length === 0) return null
  if (done.length !== sealed.length) {
    // The head moved with these rows only: one of them was sealed meanwhile, which only a move of
    // the head from this very place could do. Never expected; refused loudly rather than chained.
    throw new Error(`audit sequencer: ${sealed.length - done.length} rows changed while sealing`)
  }
  return { sealed, refused, more }
}

export type Sequencer = {
  /**
   * `writer` committed new rows, the lowest of them `fromId` (neither known: every unsealed row is
   * looked at): a round runs within half of `sealMs`.
   */
  nudge: (writer?: string, fromId?: number) => void
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
  store: Statements,
  key: Uint8Array,
  { sealMs, sweepMs }: SequencerOptions,
): Sequencer {
  let timer: NodeJS.Timeout | null = null
  let running: Promise<void> | null = null
  let dirty = false
  // What the next round reads: each writer's lowest id nudged about since the last round began,
  // or every row (at start, in a sweep, for a nudge that names no writer).
  let scope: 'all' | Map<string, number> = 'all'
  const widen = (more: SealScope) => {
    if (scope === 'all') return
    if (more === 'all') {
      scope = 'all'
      return
    }
    for (const [writer, id] of more) scope.set(writer, Math.min(scope.get(writer) ?? id, id))
  }
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
    // A sweep, or a wait for every row committed so far, looks at all of them.
    // A round that nothing nudged (a retry's timer) reads every row, as a wait for all does.
    const bound: SealScope = wait || scope === 'all' || scope.size === 0 ? 'all' : scope
    scope = new Map()
    for (;;) {
      // Cleared before the round reads: a row committed from here on nudges again.
      dirty = false
      let result: Round | null
      try {
        result = await sealCommitted(store, key, wait, bound)
      } catch (error) {
        dirty = true
        widen(bound)
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
        // Another sealer moved the head first; it may have read before these rows committed.
        dirty = true
        widen(bound)
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

  const sweep = sweepMs
    ? setInterval(() => {
        widen('all')
        schedule(0)
      }, sweepMs)
    : null
  sweep?.unref()
  // Rows a previous process committed and did not live to seal.
  schedule(0)

  return {
    nudge: (writer, fromId) => {
      dirty = true
      widen(writer === undefined || fromId === undefined ? 'all' : new Map([[writer, fromId]]))
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
