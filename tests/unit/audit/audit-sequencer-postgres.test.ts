import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { appendMac, type AuditEntry } from '@/lib/audit/chain'
import { auditKey } from '@/lib/audit/key'
import { sealCommitted, startSequencer } from '@/lib/audit/sequencer'
import { createAuditWriter, readHead, sealGenesis, verifyStoredTrail } from '@/lib/audit/trail'
import { unsealedRows } from '@/lib/audit/unsealed'
import { openStore, type Store } from '@/lib/store/open'
import { postgresBin, startPostgres, type Postgres } from '@/tools/harness/postgres'

/*
 * Commit order on a PostgreSQL server, where transactions really run at once: a row whose
 * transaction took its id before others may commit after they were sealed. The sequencer must seal
 * it then, never skip it. Two instances (two stores, each its own pool) on a server this file makes.
 */

const { key } = auditKey({ AUDIT_HMAC_KEY: 'unit-test-audit-key-that-is-long-enough-0123' }, '/x')

function entry(n: number): AuditEntry {
  return {
    time: new Date().toISOString(),
    user: 'ana@verity.test',
    action: 'view',
    resource: { type: 'profile', id: `p-${n}` },
    requestId: `req-${n}`,
    outcome: 'ok',
  }
}

/** Inserts a row as a writer would, in a transaction left open on `client`; answers its id. */
async function beginLate(client: pg.PoolClient, writer: string, n: number) {
  const row = { ...entry(n), writer, writerSeq: 1 }
  await client.query('begin')
  const { rows } = await client.query<{ id: string }>(
    `insert into audit_events (at, user_label, action, resource_type, resource_id, request_id,
      outcome, writer, writer_seq, append_mac)
      values ($1, $2, $3, $4, $5, $6, $7, $8, 1, $9) returning id`,
    [row.time, row.user, row.action, 'profile', row.resource.id, row.requestId, row.outcome].concat(
      [writer, appendMac(key, row)],
    ),
  )
  return Number(rows[0]!.id)
}

let postgres: Postgres
let one: Store
let two: Store

describe.skipIf(!postgresBin())('the sequencer on a PostgreSQL server', () => {
  beforeAll(async () => {
    postgres = await startPostgres()
    const config = { databaseUrl: postgres.url, dataDir: '' }
    ;[one, two] = await Promise.all([openStore(config), openStore(config)])
    await sealGenesis(one.db, key)
  }, 120_000)

  afterAll(async () => {
    await two?.close()
    await one?.close()
    postgres?.stop()
  })

  it('seals a row that took a lower id and committed after higher ones were sealed', async () => {
    const { seq: before } = await readHead(one.db)
    const client = await one.pool.connect()
    try {
      const lateId = await beginLate(client, 'late-writer', 0)
      const writer = createAuditWriter(two, key)
      const records = await Promise.all(
        Array.from({ length: 20 }, (_, n) => writer.append(entry(n + 1))),
      )
      expect(Math.min(...records.map((record) => record.id))).toBeGreaterThan(lateId)
      const first = await sealCommitted(two, key, true)
      expect(first?.sealed.map((record) => record.requestId)).toEqual(
        records.map((record) => record.requestId),
      )
      await client.query('commit')
      // Committed now, with an id below rows already in the chain: sealed next, not skipped.
      expect(await unsealedRows(one.db)).toMatchObject({ count: 1 })
      const second = await sealCommitted(one, key, true)
      expect(second?.sealed).toMatchObject([{ requestId: 'req-0', seq: before + 21 }])
    } finally {
      client.release()
    }
    expect(await unsealedRows(one.db)).toMatchObject({ count: 0 })
    expect(await verifyStoredTrail(two.db, key)).toMatchObject({ ok: true, rows: before + 21 })
  })

  it('seals every row once, in a chain that verifies, under concurrent appenders and sequencers', async () => {
    const { seq: before } = await readHead(one.db)
    const sequencers = [one, two].map((store) => startSequencer(store, key, { sealMs: 10 }))
    const writers = [one, two, one, two].map((store, i) =>
      createAuditWriter(store, key, { appended: sequencers[i % 2]!.nudge }),
    )
    // Transactions that take an id and hold it a while before they commit, amid the appends.
    const late = Array.from({ length: 16 }, async (_, n) => {
      const client = await (n % 2 ? one : two).pool.connect()
      try {
        await beginLate(client, `late-${n}`, 10_000 + n)
        await client.query(`select pg_sleep(${(n % 4) * 0.03})`)
        await client.query('commit')
      } finally {
        client.release()
      }
    })
    const appends = Array.from({ length: 800 }, (_, n) => writers[n % 4]!.append(entry(n + 1)))
    await Promise.all([...appends, ...late])
    await Promise.all(sequencers.map((sequencer) => sequencer.sealNow()))
    for (const sequencer of sequencers) await sequencer.stop()

    const rows = await one.db
      .selectFrom('audit_events')
      .select(['id', 'seq', 'writer', 'writer_seq'])
      .where('seq', '>', before)
      .orderBy('seq')
      .execute()
    expect(rows).toHaveLength(816)
    expect(rows.map((row) => row.seq)).toEqual(
      Array.from({ length: 816 }, (_, n) => before + n + 1),
    )
    expect(await unsealedRows(one.db)).toMatchObject({ count: 0 })
    // Some rows committed out of their id's order, and were sealed in the order they committed.
    const outOfIdOrder = rows.filter((row, i) => i > 0 && row.id < rows[i - 1]!.id)
    expect(outOfIdOrder.length).toBeGreaterThan(0)
    // Each writer's rows are in the chain in its own order.
    const byWriter = new Map<string, number[]>()
    for (const row of rows)
      byWriter.set(row.writer!, [...(byWriter.get(row.writer!) ?? []), row.writer_seq!])
    for (const numbers of byWriter.values()) {
      expect(numbers).toEqual(numbers.map((_, i) => i + 1))
    }
    expect(await verifyStoredTrail(one.db, key)).toMatchObject({ ok: true, rows: before + 816 })
  }, 120_000)
})
