// The history mirror's bench (`npm run bench -- --only=history [--history-records=1000000]`):
// backfills the simulated history into PGlite and into a PostgreSQL server and prints records/s.
// Run by main.ts in a child with --conditions=react-server: the mirror's modules are server-only.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

import { startSimulatorChild } from '@/scripts/bench/processes'
import { exampleApiKey } from '@/simulator/api-key'
import { postgresBin, startPostgres, type Postgres } from '@/tests/e2e/support/postgres'

const { values } = parseArgs({ options: { 'history-records': { type: 'string' } }, strict: false })
const records = Number(values['history-records'] ?? 100_000)
const PAGE_SIZE = 1_000

const sim = await startSimulatorChild(records)
// The upstream client reads its settings from the environment once, on first use.
Object.assign(process.env, {
  DS_API_BASE_URL: sim.url,
  DS_API_KEY: exampleApiKey,
  DS_API_TIMEOUT_MS: '60000',
  AUTH_DISABLED: 'true',
})
const { openStore } = await import('@/lib/store/open')
const { runOnce } = await import('@/lib/history-mirror/runner')
const { mirrorStatus } = await import('@/lib/history-mirror/status')

type Target = { name: string; databaseUrl?: string }
const targets: Target[] = [{ name: 'PGlite (embedded)' }]
let postgres: Postgres | undefined
if (postgresBin()) {
  postgres = await startPostgres()
  targets.push({ name: 'PostgreSQL server', databaseUrl: postgres.url })
} else {
  console.log('  PostgreSQL is not installed: only the embedded store is measured')
}

console.log(
  `\nHistory mirror backfill: ${records.toLocaleString('en')} records, pages of ${PAGE_SIZE}`,
)
try {
  for (const target of targets) {
    const dataDir = mkdtempSync(join(tmpdir(), 'verity-bench-history-'))
    const store = await openStore({ dataDir, databaseUrl: target.databaseUrl })
    try {
      const started = performance.now()
      const result = await runOnce(store.db, {
        enabled: true,
        pollSeconds: 10,
        pageSize: PAGE_SIZE,
        retentionDays: undefined,
        leaseSeconds: 45,
      })
      const seconds = (performance.now() - started) / 1_000
      if (!result.ok) throw new Error(`the lease is held by ${result.holder}`)
      const status = await mirrorStatus(store.db)
      console.log(
        `  ${target.name.padEnd(20)} ${status.records.toLocaleString('en')} records in ` +
          `${seconds.toFixed(1)} s: ${Math.round(status.records / seconds).toLocaleString('en')} records/s`,
      )
      // Query timings at this size (the queue's first page, a name search, an applicant page,
      // with EXPLAIN) belong here, measured on store.db once those queries exist.
    } finally {
      await store.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
} finally {
  postgres?.stop()
  await sim.stop()
}
