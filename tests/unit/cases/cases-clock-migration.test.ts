import { PGlite } from '@electric-sql/pglite'
import { createPgConfig } from '@electric-sql/pglite/node-postgres'
import { Kysely, PostgresDialect, sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { migrationProvider } from '@/lib/store/migrations'
import type { Database } from '@/lib/store/schema'

/*
 * Migration 0024 on a store whose cases were made by a backfill before it: each case was made
 * "now", due a day later, whatever its record's time. Afterwards its clock is its record's time and
 * its due date moved back by as much, so a three-month-old High-risk screening is overdue.
 */

const types = {
  getTypeParser: ((oid: number, format: 'text' | 'binary' = 'text') =>
    oid === 20 && format === 'text'
      ? Number
      : (pg.types.getTypeParser(oid, format) as unknown)) as typeof pg.types.getTypeParser,
}

const HOUR = 3_600_000
const made = new Date('2026-11-20T12:00:00Z')
const old = new Date('2026-08-20T09:00:00Z')
const recent = new Date('2026-11-20T11:00:00Z')

let lite: PGlite
let db: Kysely<Database>

async function oldCase(recordId: string, at: Date | null, slaHours: number) {
  await sql`insert into history_records (id, event_type, search_uuid, risk, match_count, at,
      payload_state, error_codes, first_seen_at, updated_at)
    values (${recordId}, 'AML_SCREENING', ${`s-${recordId}`}, 'High', 1, ${at}, 'ok', '{}',
      ${made}, ${made})`.execute(db)
  await sql`insert into cases (kind, resource_type, resource_id, record_id, risk, priority, due_at,
      created_at, updated_at)
    values ('screening', 'aml_search', ${`s-${recordId}`}, ${recordId}, 'High', 3,
      ${new Date(made.getTime() + slaHours * HOUR)}, ${made}, ${made})`.execute(db)
}

beforeAll(async () => {
  lite = await PGlite.create()
  const config = createPgConfig(lite)
  db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ ...config, max: config.poolSize, types }) }),
  })
  const migrator = new Migrator({ db, provider: migrationProvider })
  expect((await migrator.migrateTo('0018-audit-append-function')).error).toBeUndefined()
  await oldCase('old', old, 24)
  await oldCase('recent', recent, 72)
  await oldCase('timeless', null, 24)
  expect((await migrator.migrateToLatest()).error).toBeUndefined()
}, 120_000)

afterAll(async () => {
  await db?.destroy()
  await lite?.close()
})

async function clockOf(recordId: string) {
  return db
    .selectFrom('cases')
    .select(['clock_at', 'due_at', 'created_at'])
    .where('record_id', '=', recordId)
    .executeTakeFirstOrThrow()
}

describe('migration 0024 (the case clock)', () => {
  it("starts each existing case's clock at its record's time and moves its due date with it", async () => {
    expect(await clockOf('old')).toEqual({
      clock_at: old,
      due_at: new Date(old.getTime() + 24 * HOUR),
      created_at: made,
    })
    expect(await clockOf('recent')).toEqual({
      clock_at: recent,
      due_at: new Date(recent.getTime() + 72 * HOUR),
      created_at: made,
    })
    // A record without a time leaves the case as it was.
    expect(await clockOf('timeless')).toEqual({
      clock_at: made,
      due_at: new Date(made.getTime() + 24 * HOUR),
      created_at: made,
    })
  })

  it('gives a case inserted without a clock its record time', async () => {
    await oldCase('later', new Date('2026-10-01T00:00:00Z'), 24)
    expect((await clockOf('later')).clock_at).toEqual(new Date('2026-10-01T00:00:00Z'))
  })
})
