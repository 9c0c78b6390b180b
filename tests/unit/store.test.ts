import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'

import { latestMigration } from '@/lib/store/migrations'
import { openStore } from '@/lib/store/open'
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
      expect(rows.map((row) => row.name)).toEqual([
        '0001-audit-and-sessions',
        '0002-review',
        '0004-history-mirror',
        '0005-history-sync',
        latestMigration,
      ])
      const head = await second.db.selectFrom('audit_head').selectAll().executeTakeFirstOrThrow()
      expect(head).toMatchObject({ seq: 0, mac: 'kept' })
      await second.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)

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
