// The analytics page's bench (`npm run bench -- --only=analytics [--analytics-records=100000]`):
// synthetic mirrored records (inserted directly, with decisions and cases in proportion) in PGlite
// and in a PostgreSQL server; the server time of every query the page runs, p50/p95, and EXPLAIN
// ANALYZE of each statement. Run by main.ts in a child with --conditions=react-server.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

import { CompiledQuery, sql, type Kysely, type KyselyPlugin } from 'kysely'

import { parseAnalyticsParams } from '@/lib/analytics/params'
import { readFigures } from '@/lib/analytics/report'
import { openStore } from '@/lib/store/open'
import type { Database } from '@/lib/store/schema'
import { percentile } from '@/tools/bench/stats'
import {
  postgresBin,
  SIZED_FOR_A_MILLION,
  startPostgres,
  type Postgres,
} from '@/tools/harness/postgres'

const { values } = parseArgs({
  options: { 'analytics-records': { type: 'string' } },
  strict: false,
})
const records = Number(values['analytics-records'] ?? 100_000)
const SAMPLES = 20
const BATCH = 100_000

/**
 * Half screenings, half finished verifications, over 120 days; a decision on 1 in 20 screenings; a
 * case on 1 in 25, made as lib/cases/create.ts makes them: of High or Medium screenings with
 * matches (a third of them), so 30 in 256 of those.
 */
async function fill(db: Kysely<Database>, count: number) {
  for (let first = 1; first <= count; first += BATCH) {
    const last = Math.min(count, first + BATCH - 1)
    await sql`
      insert into history_records (id, webhook_id, event_type, at, payload_state, applicant_id,
        search_uuid, short_id, status, risk, match_count, is_sandbox, error_codes,
        first_seen_at, updated_at)
      select 'r' || i,
        case when i % 3 = 0 then '11111111-1111-4111-8111-111111111111'
          else '22222222-2222-4222-8222-222222222222' end,
        case when i % 2 = 0 then 'AML_SCREENING' else 'DOCVER' end,
        now() - (i % 120) * interval '1 day' - (i % 1440) * interval '1 minute',
        'ok', 'app-' || (i / 2),
        case when i % 2 = 0 then md5(i::text)::uuid::text end,
        case when i % 2 = 1 then 'S' || (i % ${Math.max(1, Math.floor(count / 3))}) end,
        case when i % 2 = 1 then (case when i % 7 = 1 then 'failed' else 'verified' end) end,
        case when i % 2 = 0 then (array['High', 'Medium', 'Low'])[1 + i % 3] end,
        case when i % 2 = 0 then i % 4 end,
        i % 10 = 0,
        case when i % 7 = 1 then array[5001 + i % 3, 2000 + i % 5] else '{}'::int[] end,
        now(), now()
      from generate_series(${first}::int, ${last}::int) i
    `.execute(db)
  }
  await sql`
    insert into match_decisions (search_id, match_uuid, applicant_id, decision, action, reason,
      user_label, analyst_id, at, carried_from, settles)
    select lower(r.search_uuid), 'm1', r.applicant_id,
      (array['true_match', 'false_positive', 'second_review'])[1 + length(r.id) % 3], 'set',
      'bench', 'analyst' || (length(r.id) % 5), 'https://idp.bench a' || (length(r.id) % 5),
      r.at + interval '5 hours', null, true
    from history_records r
    where r.event_type = 'AML_SCREENING' and substr(md5(r.id), 1, 2) < '0d'
  `.execute(db)
  await sql`
    insert into cases (kind, resource_type, resource_id, record_id, priority, state, outcome,
      due_at, created_at, updated_at)
    select 'screening', 'aml_search', r.search_uuid, r.id, 1,
      case when substr(md5(r.id), 3, 1) < '8' then 'closed' else 'open' end,
      case when substr(md5(r.id), 3, 1) < '8' then 'false_positive' end,
      r.at + interval '1 day', r.at, r.at
    from history_records r
    where r.event_type = 'AML_SCREENING' and r.match_count > 0 and r.risk in ('High', 'Medium')
      and substr(md5(r.id), 1, 2) < '1e'
  `.execute(db)
  await sql`
    insert into case_events (case_id, kind, analyst_id, user_label, from_state, to_state, outcome, at)
    select c.id, 'move', 'https://idp.bench a' || (c.id % 5), 'analyst' || (c.id % 5), 'open',
      'closed', 'false_positive', c.created_at + (c.id % 48) * interval '1 hour'
    from cases c where c.state = 'closed'
  `.execute(db)
  await sql`analyze`.execute(db)
}

/** Every statement the page runs, compiled, so each can be explained afterwards. */
function capturing(db: Kysely<Database>, into: CompiledQuery[]): Kysely<Database> {
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      into.push(db.getExecutor().compileQuery(args.node, args.queryId))
      return args.node
    },
    transformResult: (args) => Promise.resolve(args.result),
  }
  return db.withPlugin(plugin)
}

type Target = { name: string; databaseUrl?: string }
const targets: Target[] = [{ name: 'PGlite (embedded)' }]
let postgres: Postgres | undefined
if (postgresBin()) {
  postgres = await startPostgres(SIZED_FOR_A_MILLION)
  targets.push({ name: 'PostgreSQL server', databaseUrl: postgres.url })
} else {
  console.log('  PostgreSQL is not installed: only the embedded store is measured')
}

const parsed = parseAnalyticsParams({ period: '30' })
if (!parsed.ok) throw new Error(parsed.problems.join('; '))
const range = parsed.range

console.log(`\nAnalytics: ${records.toLocaleString('en')} mirrored records, the last 30 days`)
try {
  for (const target of targets) {
    const dataDir = mkdtempSync(join(tmpdir(), 'verity-bench-analytics-'))
    const store = await openStore({ dataDir, databaseUrl: target.databaseUrl })
    try {
      const filled = performance.now()
      await fill(store.db, records)
      const seconds = ((performance.now() - filled) / 1_000).toFixed(1)
      const page = () => readFigures(store.db, range, { now: new Date(), lead: true })
      await page()
      await page()
      const times: number[] = []
      for (let i = 0; i < SAMPLES; i++) {
        const started = performance.now()
        await page()
        times.push(performance.now() - started)
      }
      times.sort((a, b) => a - b)
      console.log(
        `  ${target.name.padEnd(20)} filled in ${seconds} s; page queries p50 ` +
          `${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms ` +
          `(${SAMPLES} samples)`,
      )
      const statements: CompiledQuery[] = []
      await readFigures(capturing(store.db, statements), range, { now: new Date(), lead: true })
      for (const statement of statements) {
        const { rows } = await store.db.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`explain (analyze, costs off) ${statement.sql}`, [
            ...statement.parameters,
          ]),
        )
        const plan = rows.map((row) => row['QUERY PLAN'])
        const first = statement.sql.replace(/\s+/g, ' ').trim().slice(0, 90)
        const time = plan.find((line) => line.startsWith('Execution Time')) ?? ''
        console.log(`\n    ${first}…  ${time}`)
        for (const line of plan.filter((l) => /Scan|Join|Aggregate|Sort /.test(l)).slice(0, 8)) {
          console.log(`      ${line.trim().slice(0, 120)}`)
        }
      }
    } finally {
      await store.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
} finally {
  postgres?.stop()
}
