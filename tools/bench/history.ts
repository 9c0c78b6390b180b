// The history mirror's bench (`npm run bench -- --only=history [--history-records=1000000]
// [--history-skip-pglite]`): backfills the simulated history into PGlite and into a PostgreSQL
// server, prints records/s, then the p50/p95 of the reads the queue, search and applicant pages
// make at that size, each with its EXPLAIN ANALYZE.
// Run by main.ts in a child with --conditions=react-server: the mirror's modules are server-only.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

import {
  CompiledQuery,
  sql,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely'

import { startSimulatorChild } from '@/tools/bench/processes'
import { percentile } from '@/tools/bench/stats'
import { exampleApiKey } from '@/simulator/server/api-key'
import type { Database } from '@/lib/store/schema'
import {
  postgresBin,
  SIZED_FOR_A_MILLION,
  startPostgres,
  type Postgres,
} from '@/tools/harness/postgres'

const { values } = parseArgs({
  options: {
    'history-records': { type: 'string' },
    'history-skip-pglite': { type: 'boolean' },
    'history-target': { type: 'string' },
  },
  strict: false,
})
const records = Number(values['history-records'] ?? 100_000)
const skipPglite = values['history-skip-pglite'] === true
const PAGE_SIZE = 1_000
const WARM_UP = 5
const RUNS = 50

type Target = { name: string; env: Record<string, string> }

/**
 * Starts the simulator and a PostgreSQL server, then benches each store in a child of its own whose
 * app store (getStore) is that target, so the cases the mirror makes audit into the same store, as
 * in the app. The children's standard output (one audit line per case) goes to a file; their
 * figures come on standard error.
 */
async function benchAll() {
  const sim = await startSimulatorChild(records)
  const targets: Target[] = []
  const dataDir = mkdtempSync(join(tmpdir(), 'verity-bench-history-'))
  if (!skipPglite) targets.push({ name: 'PGlite (embedded)', env: { VERITY_DATA_DIR: dataDir } })
  let postgres: Postgres | undefined
  if (postgresBin()) {
    postgres = await startPostgres(SIZED_FOR_A_MILLION)
    targets.push({ name: 'PostgreSQL server', env: { DATABASE_URL: postgres.url } })
  } else {
    console.log('  PostgreSQL is not installed: only the embedded store is measured')
  }
  console.log(
    `\nHistory mirror: ${records.toLocaleString('en')} records, pages of ${PAGE_SIZE}; ` +
      `reads: p50/p95 of ${RUNS} runs after ${WARM_UP}` +
      (skipPglite ? '; PGlite skipped (--history-skip-pglite)' : ''),
  )
  try {
    for (const target of targets) {
      const output = openSync(
        join(dataDir, `${target.env.DATABASE_URL ? 'pg' : 'pglite'}.log`),
        'a',
      )
      const child = spawn(
        process.execPath,
        [
          '--conditions=react-server',
          '--import',
          'tsx',
          'tools/bench/history.ts',
          `--history-records=${records}`,
          `--history-target=${target.name}`,
        ],
        {
          env: {
            ...process.env,
            DS_API_BASE_URL: sim.url,
            DS_API_KEY: exampleApiKey,
            DS_API_TIMEOUT_MS: '60000',
            AUTH_DISABLED: 'true',
            // The cases the mirror makes are audited, and a shared database needs the key given.
            AUDIT_HMAC_KEY: randomBytes(32).toString('base64'),
            VERITY_DATA_DIR: dataDir,
            ...target.env,
          },
          stdio: ['ignore', output, 'inherit'],
        },
      )
      closeSync(output)
      const code = await new Promise<number>((resolve) =>
        child.once('exit', (exit) => resolve(exit ?? 1)),
      )
      if (code !== 0) process.exitCode = code
    }
  } finally {
    postgres?.stop()
    await sim.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** Keeps the SQL of every query run through it, so the bench explains what the pages ran. */
class Capture implements KyselyPlugin {
  readonly nodes: { node: RootOperationNode; queryId: PluginTransformQueryArgs['queryId'] }[] = []
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.nodes.push({ node: args.node, queryId: args.queryId })
    return args.node
  }
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result)
  }
}

type Read = { name: string; run: (db: Kysely<Database>) => Promise<unknown> }

/** p50 and p95 of `RUNS` runs after `WARM_UP`, then EXPLAIN ANALYZE of each query one run made. */
async function measure(db: Kysely<Database>, read: Read) {
  for (let run = 0; run < WARM_UP; run++) await read.run(db)
  const samples: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now()
    await read.run(db)
    samples.push(performance.now() - started)
  }
  const capture = new Capture()
  await read.run(db.withPlugin(capture))
  const plans: string[] = []
  // In one transaction, where a read's own `set local` applies to the statements after it.
  await db.transaction().execute(async (trx) => {
    for (const { node, queryId } of capture.nodes) {
      const query = db.getExecutor().compileQuery(node, queryId)
      if (/^\s*set\b/i.test(query.sql)) {
        await trx.executeQuery(CompiledQuery.raw(query.sql, [...query.parameters]))
        continue
      }
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain (analyze, costs off) ${query.sql}`, [...query.parameters]),
      )
      plans.push(rows.map((row) => `      ${row['QUERY PLAN']}`).join('\n'))
    }
  })
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), plans }
}

/** What the reads ask for, taken from the mirror: a name half-way down it, and two applicants. */
async function parameters(
  db: Kysely<Database>,
  held: number,
  searchWords: (query: string) => string[],
) {
  const middle = await db
    .selectFrom('history_records')
    .select(['requested_name', 'applicant_id'])
    .where('event_type', '=', 'AML_SCREENING')
    .where('requested_name', 'is not', null)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .offset(Math.floor(held / 2))
    .limit(1)
    .executeTakeFirstOrThrow()
  // The applicant of a verification is named by every record of it: the most events of anyone.
  const busiest = await sql<{ applicant_id: string; events: number }>`
    select applicant_id, count(*)::int as events from history_records
    where applicant_id is not null group by applicant_id order by events desc limit 1
  `.execute(db)
  const fullName = middle.requested_name ?? ''
  const surname = searchWords(fullName).at(-1) ?? ''
  return {
    fullName,
    prefix: surname.slice(0, 3),
    applicant: middle.applicant_id ?? '',
    busiest: busiest.rows[0] ?? { applicant_id: '', events: 0 },
  }
}

/** Whose "mine" view the queue's reads count. */
const ME = 'https://idp.bench ana'

/** One store, in this child: the backfill into the app's store, then the reads. */
async function benchTarget(name: string) {
  const { getStore } = await import('@/lib/store/store')
  const { runOnce } = await import('@/lib/history-mirror/runner')
  const { mirrorStatus } = await import('@/lib/history-mirror/status')
  const { listCases } = await import('@/lib/cases/list')
  const { caseListParams } = await import('@/lib/cases/views')
  const { searchIds, searchNames, searchWords } = await import('@/lib/search/mirror')
  const { applicantHistory } = await import('@/lib/applicants/history')
  const store = await getStore()
  try {
    const started = performance.now()
    const result = await runOnce(store.db, {
      enabled: true,
      pollSeconds: 10,
      pageSize: PAGE_SIZE,
      leaseSeconds: 45,
      recordCap: 8_388_608,
    })
    const seconds = (performance.now() - started) / 1_000
    if (!result.ok) throw new Error(`the lease is held by ${result.holder}`)
    const status = await mirrorStatus(store.db)
    report(
      `\n  ${name}: backfill of ${status.records.toLocaleString('en')} records in ` +
        `${seconds.toFixed(1)} s: ${Math.round(status.records / seconds).toLocaleString('en')} records/s`,
    )
    const given = await parameters(store.db, status.records, searchWords)
    const open = (filters: Record<string, string>) => caseListParams.parse(filters)
    const reads: Read[] = [
      { name: 'queue, open cases, first page', run: (db) => listCases(db, ME, open({})) },
      {
        name: 'queue, open cases, risk=High',
        run: (db) => listCases(db, ME, open({ risk: 'High' })),
      },
      {
        name: 'home: 5 failed verification cases',
        run: (db) => listCases(db, ME, open({ kind: 'failed_verification' }), new Date(), 5),
      },
      ...[given.prefix, given.fullName].map((query) => ({
        name: `search "${query}" (ids, then names)`,
        run: async (db: Kysely<Database>) => {
          await searchIds(db, query)
          return searchNames(db, query)
        },
      })),
      {
        name: 'applicant page, a screened applicant',
        run: (db) => applicantHistory(db, given.applicant),
      },
      {
        name: `applicant page, ${given.busiest.events.toLocaleString('en')} events`,
        run: (db) => applicantHistory(db, given.busiest.applicant_id),
      },
      { name: 'mirror status (every page)', run: (db) => mirrorStatus(db) },
    ]
    const lines: string[] = []
    for (const read of reads) {
      const { p50, p95, plans } = await measure(store.db, read)
      report(`    ${read.name.padEnd(48)} p50 ${ms(p50)}  p95 ${ms(p95)}`)
      lines.push(`    ${read.name}:`, ...plans)
    }
    report(`\n  ${name}: EXPLAIN ANALYZE of each read's queries\n${lines.join('\n')}`)
  } finally {
    await store.close()
  }
}

/** Standard output carries the app's audit lines; the figures go to standard error. */
function report(line: string) {
  process.stderr.write(`${line}\n`)
}

function ms(value: number) {
  return `${value.toFixed(1).padStart(7)} ms`
}

// Last: the classes and constants above are initialised by now.
if (typeof values['history-target'] === 'string') {
  await benchTarget(values['history-target'])
} else {
  await benchAll()
}
