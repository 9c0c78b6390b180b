import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, beforeAll } from 'vitest'

import { openStore, type Store } from '@/lib/store/open'
import { postgresBin, startPostgres, type Postgres } from '@/tools/harness/postgres'

/* Embedded stores for tests, copied from the migrated template that tests/unit/store-template.ts made. */

export function copyTemplate() {
  const template = process.env.VERITY_TEST_STORE_TEMPLATE
  if (!template) throw new Error('no store template: run the unit tests through vitest')
  const dir = mkdtempSync(join(tmpdir(), 'verity-test-store-'))
  cpSync(template, dir, { recursive: true })
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/** A store of its own (a template copy, or `dir` again); `close` removes it, `release` keeps it. */
export async function openTestStore(
  dir?: string,
): Promise<Store & { dir: string; release: () => Promise<void> }> {
  const where = dir ?? copyTemplate().dir
  const store = await openStore({ dataDir: where })
  return {
    ...store,
    dir: where,
    release: store.close,
    close: async () => {
      await store.close()
      rmSync(where, { recursive: true, force: true })
    },
  }
}

const STORE = Symbol.for('verity.store')
const TRAIL = Symbol.for('verity.audit-trail')
const STATUS = Symbol.for('verity.audit-trail-status')

/**
 * Gives the app's own store (lib/store/store.ts) a copy of the template for this test file, opened
 * before the tests (an open takes seconds, longer than a test's timings allow), and closes and
 * removes it afterwards.
 */
export function withAppStore() {
  let remove = () => {}
  beforeAll(async () => {
    const copy = copyTemplate()
    remove = copy.remove
    process.env.VERITY_DATA_DIR = copy.dir
    const shared = globalThis as Record<symbol, unknown>
    shared[STORE] = openStore({ dataDir: copy.dir })
    await shared[STORE]
  }, 60_000)
  afterAll(async () => {
    const shared = globalThis as Record<symbol, unknown>
    const store =
      (await (shared[STORE] as Promise<Store> | undefined)?.catch(() => undefined)) ?? null
    await store?.close()
    for (const key of [STORE, TRAIL, STATUS]) delete shared[key]
    delete process.env.VERITY_DATA_DIR
    remove()
  })
}

/** A store kind a test runs on, opened afresh by each describe block. */
export type StoreTarget = {
  name: string
  open: () => Promise<Pick<Store, 'db' | 'query' | 'close'>>
}

/**
 * PGlite, and a PostgreSQL server of the file's own where its binaries are installed: for tests
 * that must hold on both (triggers, SQL the planners treat differently). Stops the server after
 * the file.
 */
export function storeTargets(): StoreTarget[] {
  const targets: StoreTarget[] = [{ name: 'PGlite', open: () => openTestStore() }]
  let postgres: Postgres | undefined
  if (postgresBin()) {
    targets.push({
      name: 'a PostgreSQL server',
      open: async () => {
        postgres ??= await startPostgres()
        return openStore({ dataDir: '', databaseUrl: postgres.url })
      },
    })
  }
  afterAll(() => postgres?.stop())
  return targets
}
