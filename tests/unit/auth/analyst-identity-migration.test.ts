import { PGlite } from '@electric-sql/pglite'
import { createPgConfig } from '@electric-sql/pglite/node-postgres'
import { Kysely, PostgresDialect, sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { sealHead, sealRecord, type AuditEntry } from '@/lib/audit/chain'
import { auditKey } from '@/lib/audit/key'
import { sealCommitted } from '@/lib/audit/sequencer'
import { createAuditWriter, verifyStoredTrail } from '@/lib/audit/trail'
import { migrationProvider } from '@/lib/store/migrations'
import { statementRunner } from '@/lib/store/open'
import type { Database } from '@/lib/store/schema'

/*
 * Migration 0007 on a store written before it: every row that records who acted gets an identity
 * no signed-in analyst has, one per old label; decisions get whether they settled their match; and
 * the audit trail written before still verifies, while new rows' identities are under the HMAC.
 */

const { key } = auditKey({ AUDIT_HMAC_KEY: 'unit-test-audit-key-that-is-long-enough-0123' }, '/x')

// int8 as numbers, as lib/store/open.ts reads them.
const types = {
  getTypeParser: ((oid: number, format: 'text' | 'binary' = 'text') =>
    oid === 20 && format === 'text'
      ? Number
      : (pg.types.getTypeParser(oid, format) as unknown)) as typeof pg.types.getTypeParser,
}

let lite: PGlite
let pool: pg.Pool
let db: Kysely<Database>

function oldEntry(n: number, user: string): AuditEntry {
  return {
    time: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
    user,
    action: 'view',
    resource: { type: 'verification', id: `VOLD${n}` },
    requestId: `req-${n}`,
    outcome: 'ok',
  }
}

/** Rows as the code before migration 0007 wrote them: no identity anywhere. */
async function writeOldRows() {
  let prev = '0'.repeat(64)
  const users = ['Ana@Corp.com', 'ana@corp.com', 'unauthenticated']
  for (const [index, user] of users.entries()) {
    const record = sealRecord(key, index + 1, prev, oldEntry(index + 1, user))
    await sql`insert into audit_events (seq, at, user_label, action, resource_type, resource_id,
      request_id, outcome, prev_hash, hash) values (${record.seq}, ${record.time}, ${user}, 'view',
      'verification', ${record.resource.id}, ${record.requestId}, 'ok', ${record.prevHash},
      ${record.hash})`.execute(db)
    prev = record.hash
  }
  const head = sealHead(key, users.length, prev)
  await sql`update audit_head set seq = ${head.seq}, hash = ${head.hash}, mac = ${head.mac}`.execute(
    db,
  )
  const decision = (search: string, decision: string, action: string, user: string) =>
    sql`insert into match_decisions (search_id, match_uuid, decision, action, reason, user_label, at)
      values (${search}, 'm1', ${decision}, ${action}, 'a reason long enough', ${user}, now())`.execute(
      db,
    )
  await decision('s1', 'true_match', 'set', 'ana@corp.com')
  await decision('s1', 'true_match', 'confirm', 'ben@corp.com')
  await decision('s2', 'false_positive', 'set', 'ana@corp.com')
  await decision('s3', 'second_review', 'set', 'ben@corp.com')
  await sql`insert into match_decisions (search_id, match_uuid, decision, action, reason,
    user_label, at, carried_from) values ('s4', 'm1', 'true_match', 'carry_over', 'carried',
    'ben@corp.com', now(), 2), ('s5', 'm1', 'second_review', 'carry_over', 'carried',
    'ben@corp.com', now(), 4)`.execute(db)
  await sql`insert into notes (resource_type, resource_id, body, user_label, at)
    values ('verification', 'VOLD1', 'Old note', 'Ana@Corp.com', now())`.execute(db)
  await sql`insert into sessions (id, user_label, viewer, created_at, last_seen_at, expires_at)
    values ('s', 'ana@corp.com', '{"sub":"ana"}', now(), now(), now() + interval '1 hour')`.execute(
    db,
  )
}

beforeAll(async () => {
  lite = await PGlite.create()
  const config = createPgConfig(lite)
  pool = new pg.Pool({ ...config, max: config.poolSize, types })
  db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  const migrator = new Migrator({ db, provider: migrationProvider })
  expect((await migrator.migrateTo('0004-history-mirror')).error).toBeUndefined()
  await writeOldRows()
  expect((await migrator.migrateToLatest()).error).toBeUndefined()
}, 120_000)

afterAll(async () => {
  await db?.destroy()
  await lite?.close()
})

describe('migration 0007 (analyst identity)', () => {
  it('gives old rows an identity per old label that no provider’s analyst has', async () => {
    const audit = await db.selectFrom('audit_events').select('analyst_id').orderBy('seq').execute()
    expect(audit.map((row) => row.analyst_id)).toEqual([
      'verity:before-issuer Ana@Corp.com',
      'verity:before-issuer ana@corp.com',
      'verity:before-issuer unauthenticated',
    ])
    const decisions = await db
      .selectFrom('match_decisions')
      .select(['analyst_id', 'settles'])
      .orderBy('id')
      .execute()
    expect(decisions).toEqual([
      { analyst_id: 'verity:before-issuer ana@corp.com', settles: false },
      { analyst_id: 'verity:before-issuer ben@corp.com', settles: true },
      { analyst_id: 'verity:before-issuer ana@corp.com', settles: true },
      { analyst_id: 'verity:before-issuer ben@corp.com', settles: false },
      // Carry-overs settle as what they carried did.
      { analyst_id: 'verity:before-issuer ben@corp.com', settles: true },
      { analyst_id: 'verity:before-issuer ben@corp.com', settles: false },
    ])
    expect(await db.selectFrom('notes').select('analyst_id').execute()).toEqual([
      { analyst_id: 'verity:before-issuer Ana@Corp.com' },
    ])
    expect(
      await db.selectFrom('sessions').select(['analyst_id', 'provider_tokens']).execute(),
    ).toEqual([{ analyst_id: 'verity:before-issuer ana@corp.com', provider_tokens: null }])
  })

  it('keeps the review tables and the trail append-only afterwards', async () => {
    await expect(sql`update notes set analyst_id = 'x'`.execute(db)).rejects.toThrow(/append-only/)
    await expect(sql`update match_decisions set settles = true`.execute(db)).rejects.toThrow(
      /append-only/,
    )
    await expect(sql`update audit_events set analyst_id = 'x'`.execute(db)).rejects.toThrow(
      /append-only/,
    )
  })

  it('verifies the trail written before, and new rows after it with their identity hashed', async () => {
    expect(await verifyStoredTrail(db, key)).toMatchObject({ ok: true, rows: 3 })
    const runner = { db, query: statementRunner(pool) }
    const writer = createAuditWriter(runner, key)
    await writer.append({ ...oldEntry(4, 'ana@corp.com'), analystId: 'https://idp.test ana' })
    await writer.append(oldEntry(5, 'unauthenticated'))
    await sealCommitted(runner, key, true)
    expect(await verifyStoredTrail(db, key)).toMatchObject({ ok: true, rows: 5 })
    const stored = await db.selectFrom('audit_events').select(['seq', 'analyst_id']).execute()
    expect(stored.find((row) => row.seq === 4)?.analyst_id).toBe('https://idp.test ana')
    expect(stored.find((row) => row.seq === 5)?.analyst_id).toBeNull()
  })

  it('finds a new row’s identity changed, even to the one an old row of its label has', async () => {
    for (const [seq, forged] of [
      [4, 'https://idp.test ben'],
      [4, 'verity:before-issuer ana@corp.com'],
      [2, 'https://idp.test ana'],
      [5, 'https://idp.test ana'],
    ] as const) {
      const original = await db
        .selectFrom('audit_events')
        .select('analyst_id')
        .where('seq', '=', seq)
        .executeTakeFirstOrThrow()
      await sql.raw('alter table audit_events disable trigger user').execute(db)
      await sql`update audit_events set analyst_id = ${forged} where seq = ${seq}`.execute(db)
      expect(await verifyStoredTrail(db, key)).toMatchObject({ ok: false, seq })
      await sql`update audit_events set analyst_id = ${original.analyst_id} where seq = ${seq}`.execute(
        db,
      )
      await sql.raw('alter table audit_events enable trigger user').execute(db)
    }
    expect(await verifyStoredTrail(db, key)).toMatchObject({ ok: true })
  })
})
