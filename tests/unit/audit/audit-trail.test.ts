import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { sealHead, sealRecord, type AuditEntry } from '@/lib/audit/chain'
import { auditKey } from '@/lib/audit/key'
import {
  createAuditWriter,
  exportTrail,
  readHead,
  sealGenesis,
  verifyStoredTrail,
} from '@/lib/audit/trail'
import { trailStatus } from '@/lib/audit/trail-status'
import { openTestStore, storeTargets } from '@/tests/unit/helpers/test-store'

/*
 * The audit trail in an embedded store: appends from several writers (as from several instances)
 * make one chain, and the verifier finds each kind of tampering at the first bad row.
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

async function append(count: number) {
  const writer = createAuditWriter(store, key)
  for (let n = 1; n <= count; n++) await writer.append(entry(n))
}

/** As someone with SQL access would: the append-only triggers turned off first. */
async function tamper(statement: string) {
  await sql.raw('alter table audit_events disable trigger user').execute(store.db)
  await sql.raw(statement).execute(store.db)
  await sql.raw('alter table audit_events enable trigger user').execute(store.db)
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

  it('keeps its rows append-only for anyone going through SQL', async () => {
    await append(2)
    await expect(sql.raw('delete from audit_events').execute(store.db)).rejects.toThrow(
      /append-only/,
    )
    await expect(
      sql.raw(`update audit_events set outcome = 'denied'`).execute(store.db),
    ).rejects.toThrow(/append-only/)
  })

  it('makes one chain of appends from two writers at once, as from two instances', async () => {
    const first = createAuditWriter(store, key)
    const second = createAuditWriter(store, key)
    const records = await Promise.all(
      Array.from({ length: 200 }, (_, n) => (n % 2 ? first : second).append(entry(n + 1))),
    )
    expect(records.map((record) => record.seq).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 200 }, (_, n) => n + 1),
    )
    // Each writer also continues correctly after the other moved the head.
    await first.append(entry(201))
    await second.append(entry(202))
    expect(await verifyStoredTrail(store.db, key)).toMatchObject({ ok: true, rows: 202, head: 202 })
  })

  it('commits appends that arrive together in one write, each caller answered with its own row', async () => {
    const batches: number[][] = []
    const writer = createAuditWriter(store, key, (records) =>
      batches.push(records.map((record) => record.seq)),
    )
    const records = await Promise.all(
      Array.from({ length: 40 }, (_, n) => writer.append(entry(n + 1))),
    )
    // The first is written at once; the 39 that arrived meanwhile go in one write after it.
    expect(batches).toEqual([[1], Array.from({ length: 39 }, (_, n) => n + 2)])
    const stored = await store.db
      .selectFrom('audit_events')
      .select(['seq', 'request_id'])
      .orderBy('seq')
      .execute()
    // Each caller's record is the row committed under its number, with its own request.
    expect(records.map((record) => [record.seq, record.requestId])).toEqual(
      stored.map((row) => [row.seq, row.request_id]),
    )
    expect(records.map((record) => record.requestId)).toEqual(
      Array.from({ length: 40 }, (_, n) => `req-${n + 1}`),
    )
    expect(await verifyStoredTrail(store.db, key)).toMatchObject({ ok: true, rows: 40, head: 40 })
  })

  it('writes together the appends of requests that one turn of the event loop brought in', async () => {
    const batches: number[][] = []
    const writer = createAuditWriter(store, key, (records) =>
      batches.push(records.map((record) => record.seq)),
    )
    // As responses read in one turn: each request's handler appends in a callback of its own, and
    // the embedded store would commit the first before the second callback ran.
    const records = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() =>
          writer.append(entry(n + 1)),
        ),
      ),
    )
    expect(batches).toEqual([[1], Array.from({ length: 19 }, (_, n) => n + 2)])
    expect(records.map((record) => record.requestId)).toEqual(
      Array.from({ length: 20 }, (_, n) => `req-${n + 1}`),
    )
    expect(await verifyStoredTrail(store.db, key)).toMatchObject({ ok: true, rows: 20, head: 20 })
  })

  it('fails every caller of a batch the store cannot commit, and answers none as committed', async () => {
    const echoed: number[] = []
    const writer = createAuditWriter(store, key, (records) =>
      echoed.push(...records.map((record) => record.seq)),
    )
    await writer.append(entry(1))
    // The store refuses to move the head, after the rows were inserted: the whole write rolls back.
    await sql
      .raw(
        `create function refuse_head() returns trigger language plpgsql as $$
        begin raise exception 'the store is refusing writes'; end $$;
        create trigger refuse_head before update on audit_head
          for each row execute function refuse_head()`,
      )
      .execute(store.db)
    const settled = await Promise.allSettled(
      Array.from({ length: 5 }, (_, n) => writer.append(entry(n + 2))),
    )
    expect(settled.map((result) => result.status)).toEqual(Array(5).fill('rejected'))
    for (const result of settled) {
      expect(String((result as PromiseRejectedResult).reason)).toMatch(/refusing writes/)
    }
    expect(echoed).toEqual([1])
    expect(await readHead(store.db)).toMatchObject({ seq: 1 })
    const { count } = await store.db
      .selectFrom('audit_events')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
    expect(Number(count)).toBe(1)
    // Once the store takes writes again, the writer goes on from the head that was committed.
    await sql.raw('drop trigger refuse_head on audit_head').execute(store.db)
    await expect(writer.append(entry(7))).resolves.toMatchObject({ seq: 2, requestId: 'req-7' })
    expect(await verifyStoredTrail(store.db, key)).toMatchObject({ ok: true, rows: 2, head: 2 })
  })

  it('fails only the entry the store refuses, not the others written in the same batch', async () => {
    const echoed: number[] = []
    const writer = createAuditWriter(store, key, (records) =>
      echoed.push(...records.map((record) => record.seq)),
    )
    // The first entry is written at once; the next three arrive meanwhile and make one batch.
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
    expect(echoed).toEqual([1, 2, 3])
    expect(await verifyStoredTrail(store.db, key)).toMatchObject({ ok: true, rows: 3, head: 3 })
    // The writer goes on after it.
    await expect(writer.append(entry(5))).resolves.toMatchObject({ seq: 4 })
  })

  it('gives a made entry the number its row gets, amid appends from two writers', async () => {
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
    const records = await Promise.all(
      Array.from({ length: 60 }, (_, n) =>
        n % 10 === 5 ? made(n + 1) : (n % 2 ? first : second).append(entry(n + 1)),
      ),
    )
    const exports = records.filter((record) => record.action === 'export')
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
      `insert into audit_events select 3, at, user_label, action, resource_type, resource_id, field, reason, request_id, client_request_id, outcome, prev_hash, hash from audit_events where seq = 2`,
    )
    expect(await verifyStoredTrail(store.db, key)).toMatchObject({ ok: false, seq: 3 })
  })

  it('finds a chain re-hashed without the key after an edit', async () => {
    await append(5)
    const wrongKey = new Uint8Array(32).fill(2)
    const rows = await store.db.selectFrom('audit_events').selectAll().orderBy('seq').execute()
    let prev = rows[0]!.hash
    for (const row of rows.slice(1)) {
      const record = sealRecord(wrongKey, row.seq, prev, {
        ...entry(row.seq),
        user: row.seq === 2 ? 'nobody@verity.test' : entry(row.seq).user,
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
})

// Two instances on one PostgreSQL server race for the head for real (PGlite has one connection).
describe('appends from two instances on one store', () => {
  for (const target of storeTargets()) {
    it(`make one chain, every row committed once, on ${target.name}`, async () => {
      const one = await target.open()
      const two = target.name === 'PGlite' ? one : await target.open()
      try {
        await sealGenesis(one.db, key)
        const { seq: before } = await readHead(one.db)
        const writers = [createAuditWriter(one, key), createAuditWriter(two, key)]
        const records = await Promise.all(
          Array.from({ length: 300 }, (_, n) => writers[n % 2]!.append(entry(n + 1))),
        )
        expect(records.map((record) => record.seq).sort((a, b) => a - b)).toEqual(
          Array.from({ length: 300 }, (_, n) => before + n + 1),
        )
        const rows = await one.db
          .selectFrom('audit_events')
          .select('request_id')
          .where('seq', '>', before)
          .orderBy('seq')
          .execute()
        expect(rows.map((row) => row.request_id).sort()).toEqual(
          Array.from({ length: 300 }, (_, n) => `req-${n + 1}`).sort(),
        )
        expect(await verifyStoredTrail(one.db, key)).toMatchObject({ ok: true })
        expect(await readHead(one.db)).toMatchObject({ seq: before + 300 })
      } finally {
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
