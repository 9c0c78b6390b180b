import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { sql } from 'kysely'
import { describe, expect, it, vi } from 'vitest'

import { migrationProvider } from '@/lib/store/migrations'
import { openStore } from '@/lib/store/open'
import { postgresBin, startPostgres } from '@/tools/harness/postgres'
import { copyTemplate } from '@/tests/unit/helpers/test-store'

async function tables(store: Awaited<ReturnType<typeof openStore>>) {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' order by table_name`.execute(store.db)
  return rows.map((row) => row.name)
}

describe('the embedded store', () => {
  it('migrates an empty database, and a second open re-runs nothing and keeps the data', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verity-empty-store-'))
    try {
      const first = await openStore({ dataDir: dir })
      expect(first.kind).toBe('embedded')
      expect(await tables(first)).toEqual(
        expect.arrayContaining([
          'audit_events',
          'audit_head',
          'sessions',
          'match_decisions',
          'notes',
          'action_limits',
          'kysely_migration',
        ]),
      )
      await sql`insert into audit_head (id, seq, hash, mac) values (1, 0, 'x', '')
        on conflict (id) do update set mac = 'kept'`.execute(first.db)
      await first.close()

      const second = await openStore({ dataDir: dir })
      const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(
        second.db,
      )
      // Each migration once, in order, however many a second open saw.
      const every = Object.keys(await migrationProvider.getMigrations())
      expect(rows.map((row) => row.name)).toEqual(every)
      expect(every.slice(0, 2)).toEqual(['0001-audit-and-sessions', '0002-review'])
      const head = await second.db.selectFrom('audit_head').selectAll().executeTakeFirstOrThrow()
      expect(head).toMatchObject({ seq: 0, mac: 'kept' })
      await second.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)

  it('keeps answering after a statement outside Kysely fails (the job queue, the audit append)', async () => {
    const { dir, remove } = copyTemplate()
    const store = await openStore({ dataDir: dir })
    try {
      await store.query({ text: 'create table once (id int primary key)' })
      await store.query({ text: 'insert into once values (1)' })
      // pg's own pool.query would end the one connection here, and every statement after it failed.
      await expect(
        store.query({ text: 'insert into once values ($1)', values: [1] }),
      ).rejects.toThrow(/duplicate key/)
      const named = { name: 'once_count', text: 'select count(*)::int as n from once' }
      expect((await store.query<{ n: number }>(named)).rows).toEqual([{ n: 1 }])
      await expect(
        store.query({ name: 'once_add', text: 'insert into once values ($1)', values: [1] }),
      ).rejects.toThrow(/duplicate key/)
      expect((await store.query<{ n: number }>(named)).rows).toEqual([{ n: 1 }])
      // As pg-boss sends a transaction: one statement, failing half-way.
      await expect(
        store.query({
          text: 'begin; insert into once values (2); insert into once values (1); commit',
        }),
      ).rejects.toThrow(/duplicate key/)
      expect((await store.query<{ n: number }>(named)).rows).toEqual([{ n: 1 }])
      expect(await tables(store)).toContain('once')
    } finally {
      await store.close()
      remove()
    }
  })

  it('refuses a store that has run a migration this release does not have', async () => {
    const { dir, remove } = copyTemplate()
    try {
      const store = await openStore({ dataDir: dir })
      await sql`insert into kysely_migration (name, timestamp)
        values ('9999-from-a-newer-release', now())`.execute(store.db)
      await store.close()
      await expect(openStore({ dataDir: dir })).rejects.toThrow(
        'previously executed migration 9999-from-a-newer-release is missing',
      )
    } finally {
      remove()
    }
  }, 60_000)

  it('refuses a data directory another process is using, naming it and the way out', async () => {
    const { dir, remove } = copyTemplate()
    const store = await openStore({ dataDir: dir })
    try {
      // As if another live process held it: this test runner's parent.
      writeFileSync(join(dir, 'verity.pid'), String(process.ppid))
      await expect(openStore({ dataDir: dir })).rejects.toThrow(
        `Cannot open the store (VERITY_DATA_DIR ${dir}): it is in use by process ${process.ppid}`,
      )
    } finally {
      writeFileSync(join(dir, 'verity.pid'), String(process.pid))
      await store.close()
      remove()
    }
  }, 60_000)

  it('names DATABASE_URL and the cause when the server cannot be reached, without the password', async () => {
    const error = await openStore({
      databaseUrl: 'postgres://verity:s3cret@127.0.0.1:1/verity',
      dataDir: '/nonexistent',
    }).then(
      () => new Error('opened'),
      (caught: unknown) => caught as Error,
    )
    expect(error.message).toContain(
      'Cannot open the store (DATABASE_URL postgres://verity:***@127.0.0.1:1/verity): ',
    )
    expect(error.message).toContain('ECONNREFUSED')
    expect(error.message).not.toContain('s3cret')
  })
})

describe.skipIf(!postgresBin())('the store on a PostgreSQL server', () => {
  it('outlives the server ending its connections, says so, and reconnects', async () => {
    const postgres = await startPostgres()
    const store = await openStore({ databaseUrl: postgres.url, dataDir: '' })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    try {
      // Two idle connections in the pool, then ended by the server as a restart would end them.
      await Promise.all([
        sql`select pg_sleep(0.05)`.execute(store.db),
        sql`select 1`.execute(store.db),
      ])
      const other = await openStore({ databaseUrl: postgres.url, dataDir: '' })
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where pid <> pg_backend_pid() and backend_type = 'client backend'`.execute(other.db)
      await other.close()
      // Each ended connection says so once when its backend's goodbye arrives; the backends end
      // a few milliseconds apart, so a read sent after the first warning alone could still be
      // given the second, dying connection.
      const lost = () =>
        warn.mock.calls.filter(([line]) => String(line).includes('store connection lost'))
      await vi.waitFor(() => expect(lost()).toHaveLength(2), { timeout: 20_000, interval: 50 })
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(store.db)
      expect(rows).toEqual([{ one: 1 }])
    } finally {
      warn.mockRestore()
      await store.close()
      postgres.stop()
    }
  }, 60_000)

  it('gives back a connection whose transaction failed half-way clean, not refusing every read', async () => {
    const postgres = await startPostgres()
    const store = await openStore({ databaseUrl: postgres.url, dataDir: '' })
    try {
      await store.query({
        text: 'create table once (id int primary key); insert into once values (1)',
      })
      // One statement after another: each is given the connection given back last, the failed one.
      for (let round = 0; round < 3; round++) {
        await expect(
          store.query({
            text: 'begin; insert into once values (2); insert into once values (1); commit',
          }),
        ).rejects.toThrow(/duplicate key/)
        const { rows } = await store.query<{ n: number }>({
          text: 'select count(*)::int as n from once',
        })
        expect(rows).toEqual([{ n: 1 }])
      }
    } finally {
      await store.close()
      postgres.stop()
    }
  }, 60_000)
})
