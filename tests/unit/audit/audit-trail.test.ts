import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { sealHead, sealRecord, type AuditEntry, type AuditRecord } from '@/lib/audit/chain'
import { auditKey } from '@/lib/audit/key'
import {
  createAuditWriter,
  exportTrail,
  readHead,
  sealGenesis,
  verifyStoredTrail,
} from '@/lib/audit/trail'
import { sealCommitted, startSequencer } from '@/lib/audit/sequencer'
import { trailStatus } from '@/lib/audit/trail-status'
import { sealHealth, unsealedRows } from '@/lib/audit/unsealed'
import { openTestStore, storeTargets } from '@/tests/unit/helpers/test-store'

/*
 * The audit trail in an embedded store: appends commit unsealed and the sequencer links them into
 * one chain, from several writers (as from several instances), and the verifier finds each kind of
 * tampering, before sealing or after, at the first bad row.
 */

const root = fileURLToPath(new URL('../../..', import.meta.url))
const AUDIT_HMAC_KEY = 'unit-test-audit-key-that-is-long-enough-0123'
const { key } = auditKey({ AUDIT_HMAC_KEY }, '/nonexistent')

let store: Awaited<ReturnType<typeof openTestStore>>

function entry(n: number): AuditEntry {
  return {
    time: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
    user: n % 3 ? 'ana@verity.test' : 'gus@contractor.test',
    action: n % 2 ? 'view' : 'reveal',
    resource: { type: 'verification', id: `V2C0C0912153735B${n % 10}` },
    field: n % 2 ? undefined : 'document_number',
    requestId: `req-${n}`,
    outcome: 'ok',
  }
}

/** Seals every committed row, as the sequencer's rounds would. */
async function seal() {
  while ((await sealCommitted(store, key, true))?.more);
}

async function append(count: number, sealed = true) {
  const writer = createAuditWriter(store, key)
  const records = []
  for (let n = 1; n <= count; n++) records.push(await writer.append(entry(n)))
  if (sealed) await seal()
  return records
}

/** As someone with SQL access would: the append-only triggers turned off first. */
async function tamper(statement: string) {
  await sql.raw('alter table audit_events disable trigger user').execute(store.db)
  await sql.raw(statement).execute(store.db)
  await sql.raw('alter table audit_events enable trigger user').execute(store.db)
}

function stored() {
  return store.db
    .selectFrom('audit_events')
    .select(['id', 'seq', 'request_id', 'writer_seq'])
    .orderBy('id')
    .execute()
}

beforeEach(async () => {
  store = await openTestStore()
  await sealGenesis(store.db, key)
}, 60_000)

afterEach(async () => {
  await store.close()
})

describe('audit trail in the store', () => {
  it('is empty and verifies after the migrations', async () => {
    expect(await verifyStoredTrail(store.db, key)).toMatchObject({ ok: true, rows: 0 })
  })

  it('keeps its rows append-only for anyone going through SQL, sealed or not', async () => {
    await append(2)
    await append(1, false)
    await expect(sql.raw('delete from audit_events').execute(store.db)).rejects.toThrow(
      /append-only/,
    )
    await expect(
      sql.raw(`update audit_events set outcome = 'denied'`).execute(store.db),
    ).rejects.toThrow(/append-only/)
    // Only a seal gets through, and only once: an unsealed row's place, and nothing else with it.
    await expect(
      sql
        .raw(`update audit_events set seq = 9, prev_hash = 'x', hash = 'y', outcome = 'denied'
        where seq is null`)
        .execute(store.db),
    ).rejects.toThrow(/append-only/)
    await expect(
      sql.raw(`update audit_events set seq = seq + 10, hash = 'y' where seq = 1`).execute(store.db),
    ).rejects.toThrow(/append-only/)
    // A seal is whole or refused: a place without its hashes, or hashes without a place.
    await expect(
      sql.raw(`update audit_events set seq = 9 where seq is null`).execute(store.db),
    ).rejects.toThrow(/append-only/)
    await expect(
      sql
        .raw(`update audit_events set prev_hash = 'x', hash = 'y' where seq is null`)
        .execute(store.db),
    ).rejects.toThrow(/append-only/)
  })

  it('commits each row before its append answers, and seals it into the chain after', async () => {
    const writer = createAuditWriter(store, key)
    const seenAtAnswer: (number | null)[] = []
    const records = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        writer.append(entry(n + 1)).then(async (record) => {
          const row = await store.db
            .selectFrom('audit_events')
            .select(['request_id', 'seq'])
            .where('id', '=', record.id)
            .executeTakeFirst()
          expect(row?.request_id).toBe(record.requestId)
          seenAtAnswer.push(row?.seq ?? null)
          return record
        }),
      ),
    )
    // No sequencer ran: every row was committed unsealed, each caller answered with its own.
    expect(seenAtAnswer).toEqual(Array(40).fill(null))
    expect(records.map((record) => record.requestId)).toEqual(
      Array.from({ length: 40 }, (_, n) => `req-${n + 1}`),
    )
    expect(await unsealedRows(store.db)).toMatchObject({ count: 40 })
    expect(await verifyStoredTrail(store.db, key)).toMatchObject({ ok: true, rows: 0 })
    await seal()
    // Sealed in commit order: the writer's numbers, its ids and the chain's places agree.
    const rows = await stored()
    expect(rows.map((row) => row.seq)).toEqual(Array.from({ length: 40 }, (_, n) => n + 1))
    expect(rows.map((row) => row.writer_seq)).toEqual(rows.map((row) => row.seq))
    expect(await unsealedRows(store.db)).toEqual({ count: 0, oldestSeconds: null })
    expect(await verifyStoredTrail(store.db, key)).toMatchObject({ ok: true, rows: 40, head: 40 })
  })

  it('makes one chain of appends from two writers at once, as from two instances', async () => {
    const first = createAuditWriter(store, key)
    const second = createAuditWriter(store, key)
    const appends = Array.from({ length: 200 }, (_, n) =>
      (n % 2 ? first : second).append(entry(n + 1)),
    )
    // Sealing while the appends go on.
    await Promise.all([...appends, seal()])
    await Promise.all([first.append(entry(201)), second.append(entry(202))])
    await seal()
    const rows = await stored()
    expect(rows.map((row) => row.seq).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: 202 }, (_, n) => n + 1),
    )
    expect(await verifyStoredTrail(store.db, key)).toMatchObject({ ok: true, rows: 202, head: 202 })
  })

  it('fails every caller of a batch the store cannot commit, and answers none as committed', async () => {
    const writer = createAuditWriter(store, key)
    await writer.append(entry(1))
    await sql
      .raw(
        `create function refuse_rows() returns trigger language plpgsql as $$
        begin raise exception 'the store is refusing writes'; end $$;
        create trigger refuse_rows before insert on audit_events
          for each row execute function refuse_rows()`,
      )
      .execute(store.db)
    const settled = await Promise.allSettled(
      Array.from({ length: 5 }, (_, n) => writer.append(entry(n + 2))),
    )
    expect(settled.map((result) => result.status)).toEqual(Array(5).fill('rejected'))
    for (const result of settled) {
      expect(String((result as PromiseRejectedResult).reason)).toMatch(/refusing writes/)
    }
    expect(await stored()).toHaveLength(1)
    // Once the store takes writes again, the writer goes on from its last committed number.
    await sql.raw('drop trigger refuse_rows on audit_events').execute(store.db)
    await expect(writer.append(entry(7))).resolves.toMatchObject({
      writerSeq: 2,
      requestId: 'req-7',
    })
    await seal()
    expect(await verifyStoredTrail(store.db, key)).toMatchObject({ ok: true, rows: 2, head: 2 })
  })

  it('fails only the entry the store refuses, not the others written in the same batch', async () => {
    const writer = createAuditWriter(store, key)
    const first = writer.append(entry(1))
    const bad = { ...entry(3), resource: { type: 'verification', id: 'V2C0\u0000' } }
    const [ana, refused, ben] = await Promise.allSettled([
      writer.append(entry(2)),
      writer.append(bad),
      writer.append(entry(4)),
    ])
    await first
    expect(ana).toMatchObject({ status: 'fulfilled', value: { requestId: 'req-2' } })
    expect(ben).toMatchObject({ status: 'fulfilled', value: { requestId: 'req-4' } })
    // The refused entry reports the store's own error about it.
    expect(refused.status).toBe('rejected')
    expect(String((refused as PromiseRejectedResult).reason)).toMatch(/0x00|null|invalid byte/i)
    // The refused entry took no number: the writer's rows stay 1, 2, 3 with no gap.
    expect((await stored()).map((row) => row.writer_seq)).toEqual([1, 2, 3])
    await expect(writer.append(entry(5))).resolves.toMatchObject({ writerSeq: 4 })
    await seal()
    expect(await verifyStoredTrail(store.db, key)).toMatchObject({ ok: true, rows: 4, head: 4 })
  })

  it('gives a made entry the number its row gets, amid appends and sealing', async () => {
    const first = createAuditWriter(store, key)
    const second = createAuditWriter(store, key)
    const given: number[] = []
    const made = (n: number) =>
      first.appendMade(async (seq) => {
        given.push(seq)
        // As a PDF's footers are written: time passes while the head row is locked.
        await new Promise((resolve) => setTimeout(resolve, 20))
        return { ...entry(n), action: 'export', field: `row ${seq}` }
      })
    const records = await Promise.all([
      ...Array.from({ length: 60 }, (_, n) =>
        n % 10 === 5 ? made(n + 1) : (n % 2 ? first : second).append(entry(n + 1)),
      ),
      seal(),
    ])
    await seal()
    const exports = records.filter(
      (record): record is AuditRecord => !!record && record.action === 'export',
    )
    expect(exports.map((record) => record.field)).toEqual(
      exports.map((record) => `row ${record.seq}`),
    )
    expect(exports.map((record) => record.seq).sort((a, b) => a - b)).toEqual(
      [...given].sort((a, b) => a - b),
    )
    expect(await verifyStoredTrail(store.db, key)).toMatchObject({ ok: true, rows: 60, head: 60 })
  })

  it('finds an altered row', async () => {
    await append(5)
    await tamper(`update audit_events set user_label = 'someone@else.test' where seq = 3`)
    expect(await verifyStoredTrail(store.db, key)).toMatchObject({
      ok: false,
      seq: 3,
      reason: expect.stringContaining('HMAC') as string,
    })
  })

  it('finds a row altered before it was sealed, and the sequencer does not seal it', async () => {
    const [, second] = await append(3, false)
    await tamper(`update audit_events set outcome = 'denied' where id = ${second!.id}`)
    const refusal = {
      ok: false,
      reason: expect.stringMatching(
        new RegExp(`id ${second!.id}, not yet sealed: .*append MAC`),
      ) as string,
    }
    expect(await verifyStoredTrail(store.db, key)).toMatchObject({ ...refusal, seq: 1 })
    const round = await sealCommitted(store, key, true)
    expect(round).toMatchObject({ refused: [second!.id] })
    expect(round?.sealed.map((record) => record.requestId)).toEqual(['req-1', 'req-3'])
    // It stays unsealed, and the writer's number it holds is missing from the chain.
    expect(await unsealedRows(store.db)).toMatchObject({ count: 1 })
    expect(await verifyStoredTrail(store.db, key)).toMatchObject({
      ok: false,
      seq: 2,
      reason: expect.stringContaining("writer's row 2 is missing") as string,
    })
  })

  it('finds a row deleted before it was sealed', async () => {
    const writer = createAuditWriter(store, key)
    for (let n = 1; n <= 3; n++) await writer.append(entry(n))
    await tamper(`delete from audit_events where writer_seq = 2`)
    expect(await verifyStoredTrail(store.db, key)).toMatchObject({
      ok: false,
      reason: expect.stringContaining("not yet sealed: its writer's row 2 is missing") as string,
    })
    // Sealed over the gap, the chain keeps the evidence for good.
    await seal()
    expect(await verifyStoredTrail(store.db, key)).toMatchObject({
      ok: false,
      seq: 2,
      reason: "its writer's row 2 is missing (removed before it was sealed)",
    })
  })

  it('finds a deleted row', async () => {
    await append(5)
    await tamper('delete from audit_events where seq = 2')
    expect(await verifyStoredTrail(store.db, key)).toMatchObject({
      ok: false,
      seq: 2,
      reason: 'row 2 is missing',
    })
  })

  it('finds an inserted row, in the middle or past the head', async () => {
    await append(5)
    const head = await readHead(store.db)
    const wrongKey = new Uint8Array(32).fill(1)
    const forged = sealRecord(wrongKey, 6, head.hash, entry(6))
    await tamper(
      `insert into audit_events (seq, at, user_label, action, resource_type, resource_id, field, request_id, outcome, prev_hash, hash) values (6, now(), 'x', 'view', 'profile', 'p', null, 'r', 'ok', '${head.hash}', '${forged.hash}')`,
    )
    expect(await verifyStoredTrail(store.db, key)).toMatchObject({ ok: false, seq: 6 })
    await tamper('delete from audit_events where seq = 6')
    await tamper('update audit_events set seq = seq + 100 where seq >= 3')
    await tamper(
      `insert into audit_events (id, seq, at, user_label, action, resource_type, resource_id, field, reason, request_id, client_request_id, outcome, prev_hash, hash) select 1000, 3, at, user_label, action, resource_type, resource_id, field, reason, request_id, client_request_id, outcome, prev_hash, hash from audit_events where seq = 2`,
    )
    expect(await verifyStoredTrail(store.db, key)).toMatchObject({ ok: false, seq: 3 })
  })

  it('finds an unsealed row inserted without the key', async () => {
    await append(2)
    await tamper(
      `insert into audit_events (at, user_label, action, resource_type, resource_id, request_id, outcome, writer, writer_seq, append_mac) values (now(), 'x', 'view', 'profile', 'p', 'r', 'ok', 'forger', 1, '${'0'.repeat(64)}')`,
    )
    expect(await verifyStoredTrail(store.db, key)).toMatchObject({
      ok: false,
      seq: 3,
      reason: expect.stringContaining('append MAC') as string,
    })
    expect(await sealCommitted(store, key)).toMatchObject({ sealed: [], refused: [3] })
  })

  it('finds a chain re-hashed without the key after an edit', async () => {
    await append(5)
    const wrongKey = new Uint8Array(32).fill(2)
    const rows = await store.db.selectFrom('audit_events').selectAll().orderBy('seq').execute()
    let prev = rows[0]!.hash!
    for (const row of rows.slice(1)) {
      const record = sealRecord(wrongKey, row.seq!, prev, {
        ...entry(row.seq!),
        user: row.seq === 2 ? 'nobody@verity.test' : entry(row.seq!).user,
      })
      await tamper(
        `update audit_events set user_label = '${record.user}', at = '${record.time}', prev_hash = '${prev}', hash = '${record.hash}' where seq = ${row.seq}`,
      )
      prev = record.hash
    }
    const head = sealHead(wrongKey, 5, prev)
    await sql`update audit_head set hash = ${head.hash}, mac = ${head.mac}`.execute(store.db)
    expect(await verifyStoredTrail(store.db, key)).toMatchObject({
      ok: false,
      seq: 2,
      reason: expect.stringContaining('HMAC') as string,
    })
  })

  it('finds a truncated tail against the head record', async () => {
    await append(5)
    await tamper('delete from audit_events where seq > 3')
    expect(await verifyStoredTrail(store.db, key)).toMatchObject({
      ok: false,
      seq: 4,
      reason: expect.stringContaining('cut off') as string,
    })
    const row3 = await store.db
      .selectFrom('audit_events')
      .select('hash')
      .where('seq', '=', 3)
      .executeTakeFirstOrThrow()
    await sql`update audit_head set seq = 3, hash = ${row3.hash}`.execute(store.db)
    expect(await verifyStoredTrail(store.db, key)).toMatchObject({
      ok: false,
      seq: 3,
      reason: 'the head record does not match its HMAC',
    })
  })

  it('on the activity page, reads only new rows between full checks but never trusts a changed row', async () => {
    await append(5)
    const now = Date.now()
    expect((await trailStatus(store.db, key, now)).verification).toMatchObject({
      ok: true,
      rows: 5,
    })
    await append(2)
    expect((await trailStatus(store.db, key, now + 1000)).verification).toMatchObject({
      ok: true,
      rows: 7,
    })
    await tamper(`update audit_events set outcome = 'denied' where seq = 2`)
    // The last verified row still stands, so only the newer rows are read…
    expect((await trailStatus(store.db, key, now + 2000)).verification).toMatchObject({ ok: true })
    // …until the next full read.
    expect((await trailStatus(store.db, key, now + 11 * 60_000)).verification).toMatchObject({
      ok: false,
      seq: 2,
    })
    await tamper(`update audit_events set outcome = 'denied' where seq = 7`)
    expect((await trailStatus(store.db, key, now + 11 * 60_000 + 1)).verification).toMatchObject({
      ok: false,
      seq: 2,
    })
  })

  it('on the activity page, finds a row removed before sealing between full checks', async () => {
    const writer = createAuditWriter(store, key)
    for (let n = 1; n <= 3; n++) await writer.append(entry(n))
    await seal()
    const now = Date.now()
    expect((await trailStatus(store.db, key, now)).verification).toMatchObject({ ok: true })
    for (let n = 4; n <= 6; n++) await writer.append(entry(n))
    await tamper(`delete from audit_events where writer_seq = 5`)
    await seal()
    expect((await trailStatus(store.db, key, now + 1000)).verification).toMatchObject({
      ok: false,
      seq: 5,
      reason: expect.stringContaining("writer's row 5 is missing") as string,
    })
  })
})

describe('the health of the sealing', () => {
  it('is an alarm once a row waits past ten times AUDIT_SEAL_MS, and says why', async () => {
    await append(1, false)
    const [row] = await stored()
    const at = (
      await store.db
        .selectFrom('audit_events')
        .select('at')
        .where('id', '=', row!.id)
        .executeTakeFirstOrThrow()
    ).at
    const waited = (ms: number) => unsealedRows(store.db, new Date(at.getTime() + ms))
    expect(sealHealth(await waited(900), 100)).toMatchObject({
      degraded: false,
      count: 1,
      alarmSeconds: 1,
    })
    const late = sealHealth(await waited(1_500), 100)
    expect(late).toMatchObject({ degraded: true, count: 1, oldestSeconds: 1.5 })
    expect(late.reason).toMatch(/1 audit row not sealed .* 1\.5 s/)
    await seal()
    expect(sealHealth(await waited(60_000), 100)).toMatchObject({ degraded: false, count: 0 })
  })
})

describe('the sequencer', () => {
  it('seals rows within AUDIT_SEAL_MS of their append, of its own accord', async () => {
    const sequencer = startSequencer(store, key, { sealMs: 50 })
    try {
      const writer = createAuditWriter(store, key, { appended: sequencer.nudge })
      const records = await Promise.all(
        Array.from({ length: 30 }, (_, n) => writer.append(entry(n + 1))),
      )
      const appendedAt = Date.now()
      await vi.waitFor(
        async () => expect(await unsealedRows(store.db)).toMatchObject({ count: 0 }),
        { timeout: 2_000, interval: 5 },
      )
      // Within the 50 ms, with room for a busy machine's timers.
      expect(Date.now() - appendedAt).toBeLessThan(500)
      expect(records).toHaveLength(30)
      expect(await verifyStoredTrail(store.db, key)).toMatchObject({ ok: true, rows: 30 })
    } finally {
      await sequencer.stop()
    }
  })

  it("reads a writer's rows from its lowest new id; a row below it waits for a round over every row", async () => {
    const [early] = await append(1, false)
    const later = await append(3, false)
    // Nudged from the later rows' first id, a round seals them and leaves the earlier row alone.
    const round = await sealCommitted(
      store,
      key,
      false,
      new Map([[later[0]!.writer, later[0]!.id]]),
    )
    expect(round?.sealed.map((record) => record.requestId)).toEqual(['req-1', 'req-2', 'req-3'])
    expect(await unsealedRows(store.db)).toMatchObject({ count: 1 })
    // A sequencer's first round (and a sweep, a stop) looks at every row.
    const sequencer = startSequencer(store, key, { sealMs: 60_000 })
    await sequencer.stop()
    expect(await unsealedRows(store.db)).toMatchObject({ count: 0 })
    const rows = await store.db.selectFrom('audit_events').select(['id', 'seq']).execute()
    expect(rows.find((row) => row.id === early!.id)?.seq).toBe(4)
    expect(await verifyStoredTrail(store.db, key)).toMatchObject({ ok: true, rows: 4 })
  })

  it("never seals another writer's later row from a bound before its earlier one", async () => {
    const one = createAuditWriter(store, key)
    const other = createAuditWriter(store, key)
    const first = await one.append(entry(1))
    const others = await other.append(entry(2))
    await one.append(entry(3))
    // A round for the other writer, from its row's id, which is above the first writer's first row.
    const round = await sealCommitted(store, key, false, new Map([[others.writer, others.id]]))
    expect(round?.sealed.map((record) => record.requestId)).toEqual(['req-2'])
    await seal()
    const chain = await store.db
      .selectFrom('audit_events')
      .select(['id', 'seq'])
      .where('writer', '=', first.writer)
      .orderBy('seq')
      .execute()
    expect(chain.map((row) => row.id)).toEqual([first.id, first.id + 2])
    expect(await verifyStoredTrail(store.db, key)).toMatchObject({ ok: true, rows: 3 })
  })

  it('leaves nothing unsealed when it stops', async () => {
    const sequencer = startSequencer(store, key, { sealMs: 60_000 })
    const writer = createAuditWriter(store, key, { appended: sequencer.nudge })
    await writer.append(entry(1))
    await sequencer.stop()
    expect(await unsealedRows(store.db)).toMatchObject({ count: 0 })
  })
})

// Two instances on one PostgreSQL server append and seal at once for real (PGlite has one
// connection); audit-sequencer-postgres.test.ts holds a transaction open across seals.
describe('appends from two instances on one store', () => {
  for (const target of storeTargets()) {
    it(`make one chain, every row committed and sealed once, on ${target.name}`, async () => {
      const one = await target.open()
      const two = target.name === 'PGlite' ? one : await target.open()
      const sequencers = [one, two].map((at) => startSequencer(at, key, { sealMs: 20 }))
      try {
        await sealGenesis(one.db, key)
        const { seq: before } = await readHead(one.db)
        const writers = [one, two].map((at, i) =>
          createAuditWriter(at, key, { appended: sequencers[i]!.nudge }),
        )
        const records = await Promise.all(
          Array.from({ length: 300 }, (_, n) => writers[n % 2]!.append(entry(n + 1))),
        )
        expect(new Set(records.map((record) => record.id)).size).toBe(300)
        await Promise.all(sequencers.map((sequencer) => sequencer.sealNow()))
        const rows = await one.db
          .selectFrom('audit_events')
          .select(['request_id', 'seq'])
          .where('seq', '>', before)
          .orderBy('seq')
          .execute()
        expect(rows.map((row) => row.seq)).toEqual(
          Array.from({ length: 300 }, (_, n) => before + n + 1),
        )
        expect(rows.map((row) => row.request_id).sort()).toEqual(
          Array.from({ length: 300 }, (_, n) => `req-${n + 1}`).sort(),
        )
        expect(await verifyStoredTrail(one.db, key)).toMatchObject({ ok: true })
        expect(await readHead(one.db)).toMatchObject({ seq: before + 300 })
      } finally {
        for (const sequencer of sequencers) await sequencer.stop()
        if (two !== one) await two.close()
        await one.close()
      }
    })
  }
})

describe('npm run audit:verify', () => {
  function verify(args: string[]) {
    return spawnSync(
      process.execPath,
      ['--conditions=react-server', '--import', 'tsx', 'scripts/audit-verify.ts', ...args],
      {
        cwd: root,
        encoding: 'utf8',
        timeout: 60_000,
        env: { ...process.env, VERITY_DATA_DIR: store.dir, AUDIT_HMAC_KEY, DATABASE_URL: '' },
      },
    )
  }

  it('checks the store and names the first bad row', async () => {
    await append(4)
    await store.release()
    expect(verify([])).toMatchObject({
      status: 0,
      stdout: expect.stringContaining('OK: 4 rows, chain intact') as string,
    })
    store = await openTestStore(store.dir)
    await tamper(`update audit_events set action = 'export' where seq = 2`)
    await store.release()
    expect(verify([])).toMatchObject({
      status: 1,
      stdout: expect.stringContaining('BROKEN at row 2') as string,
    })
    store = await openTestStore(store.dir)
  }, 120_000)

  it('reports the rows not yet sealed and their age, and names one altered before sealing', async () => {
    await append(2)
    const [, second] = await append(2, false)
    await store.release()
    const result = verify([])
    expect(result).toMatchObject({ status: 0 })
    expect(result.stdout).toContain('OK: 2 rows, chain intact')
    expect(result.stdout).toMatch(/2 rows not yet sealed into the chain, the oldest [\d.]+ s old/)
    store = await openTestStore(store.dir)
    await tamper(`update audit_events set reason = 'nothing to see' where id = ${second!.id}`)
    await store.release()
    expect(verify([])).toMatchObject({
      status: 1,
      stdout: expect.stringContaining(
        `BROKEN at row 3: the row appended as id ${second!.id}, not yet sealed: its content does not match its append MAC`,
      ) as string,
    })
    store = await openTestStore(store.dir)
  }, 120_000)

  it('checks an exported file, and refuses it edited or cut short', async () => {
    await append(4)
    const file = join(store.dir, 'export.jsonl')
    const lines: string[] = []
    await exportTrail(store.db, (line) => void lines.push(line))
    writeFileSync(file, lines.join(''))
    expect(verify([file])).toMatchObject({
      status: 0,
      stdout: expect.stringContaining('OK: 4 rows') as string,
    })

    writeFileSync(file, lines.join('').replace('"outcome":"ok"', '"outcome":"denied"'))
    expect(verify([file])).toMatchObject({
      status: 1,
      stdout: expect.stringContaining('BROKEN at row 1') as string,
    })
    writeFileSync(file, [...lines.slice(0, 2), lines.at(-1)].join(''))
    expect(verify([file])).toMatchObject({
      status: 1,
      stdout: expect.stringContaining('BROKEN at row 3') as string,
    })
    expect(readFileSync(file, 'utf8')).toContain('"log":"audit-head"')
  }, 120_000)
})
