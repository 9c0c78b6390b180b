// The retention bench (`npm run bench -- --only=retention [--retention-records=1000000]
// [--retention-applicants=10000]`): builds the million-record store as the history bench does
// (the simulator's history backfilled by the mirror into a PostgreSQL server of its own), makes
// that many applicants due (their relationships ended long ago), and times one retention run that
// erases them, while a reader on connections of its own keeps asking what the pages ask (the
// applicant page, the queue's first page, a name search): their p50/p95 during the run, against
// the issue's 500 ms. Run by main.ts in a child with --conditions=react-server.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
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
import { postgresBin, SIZED_FOR_A_MILLION, startPostgres } from '@/tools/harness/postgres'

const { values } = parseArgs({
  options: {
    'retention-records': { type: 'string' },
    'retention-applicants': { type: 'string' },
    'retention-target': { type: 'string' },
  },
  strict: false,
})
const records = Number(values['retention-records'] ?? 1_000_000)
const applicants = Number(values['retention-applicants'] ?? 10_000)
const PAGE_SIZE = 1_000
/** The issue's bound on page answers while the run erases. */
const PAGE_P95_MS = 500

async function benchAll() {
  if (!postgresBin()) {
    console.log('  PostgreSQL is not installed: the retention bench needs a server')
    return
  }
  const sim = await startSimulatorChild(records)
  const postgres = await startPostgres(SIZED_FOR_A_MILLION)
  console.log(
    `\nRetention: ${records.toLocaleString('en')} records backfilled, ${applicants.toLocaleString('en')} applicants erased`,
  )
  try {
    const child = spawn(
      process.execPath,
      [
        '--conditions=react-server',
        '--import',
        'tsx',
        'tools/bench/retention.ts',
        `--retention-records=${records}`,
        `--retention-applicants=${applicants}`,
        '--retention-target=server',
      ],
      {
        env: {
          ...process.env,
          DS_API_BASE_URL: sim.url,
          DS_API_KEY: exampleApiKey,
          DS_API_TIMEOUT_MS: '60000',
          AUTH_DISABLED: 'true',
          AUDIT_HMAC_KEY: randomBytes(32).toString('base64'),
          AUDIT_STDOUT: 'off',
          DATABASE_URL: postgres.url,
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    )
    const code = await new Promise<number>((resolve) =>
      child.once('exit', (exit) => resolve(exit ?? 1)),
    )
    if (code !== 0) process.exitCode = code
  } finally {
    postgres.stop()
    await sim.stop()
  }
}

/** Keeps the queries run through it, so the bench can explain what a page ran. */
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

/** EXPLAIN ANALYZE of every statement one call of `read` runs. */
async function explain(db: Kysely<Database>, read: (db: Kysely<Database>) => Promise<unknown>) {
  const capture = new Capture()
  await read(db.withPlugin(capture))
  const plans: string[] = []
  for (const { node, queryId } of capture.nodes) {
    const query = db.getExecutor().compileQuery(node, queryId)
    if (/^\s*set\b/i.test(query.sql)) continue
    const { rows } = await db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain (analyze, costs off) ${query.sql}`, [...query.parameters]),
    )
    plans.push(rows.map((row) => `      ${row['QUERY PLAN']}`).join('\n'))
  }
  return plans.join('\n\n')
}

const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`

/** The store, the backfill, the applicants made due, then the run with readers beside it. */
async function benchServer() {
  const { getStore } = await import('@/lib/store/store')
  const { openStore, storeConfig } = await import('@/lib/store/open')
  const { getEnv } = await import('@/lib/env')
  const { runOnce } = await import('@/lib/history-mirror/runner')
  const { listCases } = await import('@/lib/cases/list')
  const { caseListParams } = await import('@/lib/cases/views')
  const { searchIds, searchNames } = await import('@/lib/search/mirror')
  const { applicantHistory } = await import('@/lib/applicants/history')
  const { runRetention } = await import('@/lib/retention/run')
  const { SYSTEM_ACTOR } = await import('@/lib/cases/system-actor')
  const store = await getStore()
  // The pages' own pool: a reader does not queue behind the run's connections.
  const pages = await openStore(storeConfig(getEnv()))
  try {
    let started = performance.now()
    const backfill = await runOnce(store.db, {
      enabled: true,
      pollSeconds: 10,
      pageSize: PAGE_SIZE,
      leaseSeconds: 45,
      recordCap: 8_388_608,
    })
    if (!backfill.ok) throw new Error(`the lease is held by ${backfill.holder}`)
    const held = await countOf(store.db, 'history_records')
    console.log(
      `  backfill: ${held.toLocaleString('en')} records in ${((performance.now() - started) / 1_000).toFixed(0)} s`,
    )
    await sql`analyze`.execute(store.db)

    // Applicants with no case (nothing holds them) and live records, their relationships ended
    // long ago.
    const chosen = await sql<{ applicant_id: string; records: number }>`
      insert into retention_relationships (applicant_id, ended_on, reason, user_label, at)
      select h.applicant_id, '2000-01-01', 'bench', 'bench', now()
      from history_records h
      where h.applicant_id is not null
        and not exists (select 1 from cases c where c.applicant_id = h.applicant_id)
      group by h.applicant_id
      -- A sandbox applicant's clock is RETENTION_SANDBOX_DAYS, set far off here.
      having not bool_and(coalesce(h.is_sandbox, false))
      order by h.applicant_id
      limit ${applicants}
      returning applicant_id, 0 as records
    `.execute(store.db)
    const chosenRecords = await sql<{ n: number }>`
      select count(*)::int as n from history_records
      where applicant_id in (select applicant_id from retention_relationships)
    `.execute(store.db)
    console.log(
      `  due: ${chosen.rows.length.toLocaleString('en')} applicants with ${chosenRecords.rows[0]!.n.toLocaleString('en')} records`,
    )

    // What the pages read meanwhile: an applicant not erased, the queue, a name search.
    const other = await sql<{ applicant_id: string; requested_name: string }>`
      select applicant_id, requested_name from history_records
      where requested_name is not null and applicant_id is not null
        and applicant_id not in (select applicant_id from retention_relationships)
      order by at desc limit 1
    `.execute(store.db)
    const reader = other.rows[0]!
    const prefix = reader.requested_name.split(' ').at(-1)!.slice(0, 3)
    const open = caseListParams.parse({})
    const reads: [string, (db: Kysely<Database>) => Promise<unknown>][] = [
      ['applicant page', (db) => applicantHistory(db, reader.applicant_id)],
      ['queue, open cases, first page', (db) => listCases(db, 'https://idp.bench ana', open)],
      [
        `search "${prefix}"`,
        async (db) => {
          await searchIds(db, prefix)
          return searchNames(db, prefix)
        },
      ],
    ]
    // The same reads before the run, on the same store and machine: what the run adds.
    const before = new Map(reads.map(([name]) => [name, [] as number[]]))
    for (let round = 0; round < 30; round++) {
      for (const [name, read] of reads) {
        const at = performance.now()
        await read(pages.db)
        before.get(name)!.push(performance.now() - at)
      }
    }
    for (const [name, taken] of before) {
      console.log(
        `    ${`${name} before the run (${taken.length} reads)`.padEnd(52)} p50 ${ms(percentile(taken, 50))}  p95 ${ms(percentile(taken, 95))}`,
      )
    }
    console.log(
      `  the queue's statements before the run:\n${await explain(pages.db, reads[1]![1])}`,
    )
    const samples = new Map(reads.map(([name]) => [name, [] as number[]]))
    let running = true
    const readLoop = (async () => {
      while (running) {
        for (const [name, read] of reads) {
          const at = performance.now()
          await read(pages.db)
          samples.get(name)!.push(performance.now() - at)
        }
      }
    })()

    started = performance.now()
    const result = await runRetention(
      store.db,
      { days: 1_826, sandboxDays: 36_500 },
      {
        trigger: 'command',
        dryRun: false,
        actor: SYSTEM_ACTOR,
        progress: (erased, total) => {
          if (erased % 2_000 < 25 || erased === total) {
            console.log(
              `    ${erased.toLocaleString('en')} of ${total.toLocaleString('en')} erased, ${((performance.now() - started) / 1_000).toFixed(0)} s`,
            )
          }
        },
      },
    )
    const seconds = (performance.now() - started) / 1_000
    running = false
    await readLoop
    console.log(`  the queue's statements after the run:\n${await explain(pages.db, reads[1]![1])}`)
    const rows = result.erased.reduce((sum, one) => sum + one.counts.records, 0)
    console.log(
      `  run: ${result.erased.length.toLocaleString('en')} applicants (${rows.toLocaleString('en')} records) erased in ${seconds.toFixed(1)} s: ${Math.round(result.erased.length / seconds).toLocaleString('en')} applicants/s, vacuum included`,
    )
    let met = true
    for (const [name, taken] of samples) {
      const p95 = percentile(taken, 95)
      met &&= p95 < PAGE_P95_MS
      console.log(
        `    ${`${name} meanwhile (${taken.length} reads)`.padEnd(52)} p50 ${ms(percentile(taken, 50))}  p95 ${ms(p95)}`,
      )
    }
    console.log(`  pages p95 < ${PAGE_P95_MS} ms during the run: ${met ? 'met' : 'MISSED'}`)
  } finally {
    await pages.close()
    await store.close()
  }
}

async function countOf(db: Kysely<Database>, table: 'history_records') {
  const { rows } = await sql<{
    n: number
  }>`select count(*)::int as n from ${sql.table(table)}`.execute(db)
  return rows[0]!.n
}

if (values['retention-target'] === 'server') {
  await benchServer()
} else {
  await benchAll()
}
