import 'server-only'

import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'

import { Kysely, PostgresDialect, sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import pg from 'pg'

import type { StoreEnv } from '@/lib/env'
import { beginSpan, tracingOn } from '@/lib/tracing/span'

import { lockDataDir } from './data-dir-lock'
import { migrationProvider } from './migrations'
import { PGliteConnection } from './pglite-connection'
import type { Database } from './schema'

/*
 * The one store: a PostgreSQL server with DATABASE_URL, else PostgreSQL embedded in the process
 * (PGlite, WebAssembly) in VERITY_DATA_DIR. Both are reached through node-postgres, PGlite through
 * its own pg-compatible connection (one at a time, which also serialises its transactions), so
 * every query is the same code on both. Migrations run on every open; Kysely's migrator holds an
 * advisory lock meanwhile, so instances starting together take turns.
 */

type StoreConfig = { databaseUrl?: string; dataDir: string }

export type Store = {
  db: Kysely<Database>
  /**
   * The connections under `db`, for making one like them (the session ends' listener). Statements
   * go through `db` or `query`: on the embedded store its one connection must be shared.
   */
  pool: pg.Pool
  /**
   * One statement outside Kysely (a library's SQL, a statement prepared under its name). Not
   * `pool.query`: it ends the connection a statement failed on, and the embedded store's one
   * connection is then out of step for good (every later statement fails).
   */
  query: StatementRunner
  kind: 'embedded' | 'postgres'
  /** Where the data is, for messages: the data directory or the URL without its password. */
  where: string
  /** Runs `cleanup` when the store closes, before its connections end (a listener of its own). */
  onClose: (cleanup: () => Promise<void> | void) => void
  close: () => Promise<void>
}

const DEFAULT_DATA_DIR = '.verity-data'

export function storeConfig(env: StoreEnv): StoreConfig {
  return {
    databaseUrl: env.DATABASE_URL,
    dataDir: resolve(/*turbopackIgnore: true*/ env.VERITY_DATA_DIR ?? DEFAULT_DATA_DIR),
  }
}

const INT8_OID = 20
const types = {
  getTypeParser: ((oid: number, format: 'text' | 'binary' = 'text') =>
    oid === INT8_OID && format === 'text'
      ? Number
      : (pg.types.getTypeParser(oid, format) as unknown)) as typeof pg.types.getTypeParser,
}

class StoreError extends Error {
  override readonly name = 'StoreError'
}

export async function openStore(config: StoreConfig): Promise<Store> {
  const where = config.databaseUrl
    ? `DATABASE_URL ${withoutPassword(config.databaseUrl)}`
    : `VERITY_DATA_DIR ${config.dataDir}`
  const cleanups: (() => Promise<void> | void)[] = []
  const close = async () => {
    // Each step once, however often close is called.
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  }
  try {
    const pool = config.databaseUrl
      ? new pg.Pool({
          connectionString: config.databaseUrl,
          connectionTimeoutMillis: 10_000,
          types,
        })
      : await embeddedPool(config.dataDir, cleanups)
    // A connection the server ends (a restart, a failover, a stop while the pool closes) is an
    // error event on its client: unheard, it would end the process. The pool reconnects.
    pool.on('error', connectionLost)
    pool.on('connect', (client) => client.on('error', connectionLost))
    if (tracingOn()) traceCheckouts(pool, config.databaseUrl ? 'postgres' : 'embedded')
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
    // Ends the pool; an embedded database is closed after it (pushed earlier, run later).
    cleanups.push(() => db.destroy())
    await migrate(db)
    return {
      db,
      pool,
      query: statementRunner(pool),
      kind: config.databaseUrl ? 'postgres' : 'embedded',
      where,
      onClose: (cleanup) => void cleanups.push(cleanup),
      close,
    }
  } catch (error) {
    await close().catch(() => undefined)
    throw new StoreError(`Cannot open the store (${where}): ${describe(error)}`)
  }
}

export type StatementRunner = <R extends pg.QueryResultRow = Record<string, unknown>>(
  statement: pg.QueryConfig,
) => Promise<pg.QueryResult<R>>

/**
 * Runs each statement on a connection of `pool`, given back as Kysely gives its own back. A failed
 * one is rolled back first: pg-boss sends `BEGIN; …; COMMIT` as one statement, and one that fails
 * half-way leaves its transaction open, refusing everything after it on that connection.
 */
export function statementRunner(pool: pg.Pool): StatementRunner {
  return async (statement) => {
    const client = await pool.connect()
    let result
    try {
      result = await client.query(statement)
    } catch (error) {
      // Outside a transaction this is a warning, not an error. A connection that cannot even roll
      // back is broken: the pool ends it (on a server; the embedded store has no other).
      const clean = await client.query('rollback').then(
        () => true,
        () => false,
      )
      client.release(clean ? undefined : (error as Error))
      throw error
    }
    client.release()
    return result
  }
}

/*
 * With tracing on, each time a connection is taken from the pool until it is given back is one
 * span, "store": a group of statements (one statement, or a transaction's), with how many and
 * how long the wait for the connection was. No SQL text and no values.
 */
function traceCheckouts(pool: pg.Pool, kind: string) {
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>
  pool.connect = (async (...args: unknown[]) => {
    // The callback form (nothing here uses it) is passed through as it is.
    if (args.length > 0) return (connect as (...a: unknown[]) => unknown)(...args)
    const span = beginSpan('store', { 'db.system': 'postgresql', 'verity.store': kind })
    const asked = performance.now()
    const client = await connect().catch((error: unknown) => {
      span?.end({}, true)
      throw error
    })
    const waited = performance.now() - asked
    let statements = 0
    const query = client.query.bind(client) as (...a: unknown[]) => unknown
    const release = client.release.bind(client)
    client.query = ((...a: unknown[]) => {
      statements += 1
      return query(...a)
    }) as typeof client.query
    client.release = (error?: Error | boolean) => {
      client.query = query as typeof client.query
      client.release = release
      span?.end(
        { 'verity.store.statements': statements, 'verity.store.wait_ms': waited },
        error instanceof Error,
      )
      release(error)
    }
    return client
  }) as typeof pool.connect
}

// An idle connection's error reaches both its own listener and the pool's: say it once.
const reported = new WeakSet<Error>()

function connectionLost(error: Error) {
  if (reported.has(error)) return
  reported.add(error)
  console.warn(
    JSON.stringify({ level: 'warn', msg: 'store connection lost', error: describe(error) }),
  )
}

async function embeddedPool(dataDir: string, cleanups: (() => Promise<void> | void)[]) {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  cleanups.push(lockDataDir(dataDir))
  // Loaded only here: a deployment on a PostgreSQL server never loads the WebAssembly build.
  const { PGlite } = await import('@electric-sql/pglite')
  const { createPgConfig } = await import('@electric-sql/pglite/node-postgres')
  const lite = await PGlite.create(join(dataDir, 'pglite'))
  cleanups.push(() => lite.close())
  // PGlite's own settings for node-postgres, with a connection that sends a statement at once.
  const config = { ...createPgConfig(lite), connection: new PGliteConnection(lite) }
  // Kept open: closing the one client would only make the next query reconnect.
  return new pg.Pool({ ...config, max: config.poolSize, idleTimeoutMillis: 0, types })
}

async function migrate(db: Kysely<Database>) {
  if (await migrated(db)) return
  const { error, results } = await new Migrator({
    db,
    provider: migrationProvider,
  }).migrateToLatest()
  if (!error) return
  const failed = results?.find((result) => result.status === 'Error')?.migrationName
  throw new Error(`${failed ? `migration ${failed} failed: ` : ''}${describe(error)}`)
}

const UNDEFINED_TABLE = '42P01'

/*
 * Whether the store has run exactly these migrations, in one read: the migrator's own check makes
 * its tables, takes its lock and reads them (0.6 s of a restart on the embedded store) to find
 * nothing to do. Rows appear only when their migrations commit, so a store this misses (empty,
 * behind, or run by a newer release) goes to the migrator, which migrates it or refuses it.
 */
async function migrated(db: Kysely<Database>): Promise<boolean> {
  const expected = Object.keys(await migrationProvider.getMigrations()).sort()
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db)
    const run = rows.map((row) => row.name).sort()
    return run.length === expected.length && run.every((name, i) => name === expected[i])
  } catch (error) {
    if ((error as { code?: unknown }).code === UNDEFINED_TABLE) return false
    throw error
  }
}

function withoutPassword(url: string) {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return 'that is not a URL'
  }
}

/** The cause in words; a refused connection to a host with several addresses is an AggregateError. */
function describe(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    return [...new Set(error.errors.map(describe))].join('; ')
  }
  if (error instanceof Error) return error.message || error.name
  return String(error)
}
