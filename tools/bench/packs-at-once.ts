// `npx tsx tools/bench/packs-at-once.ts [--standalone]`: five evidence packs of the demo's
// 1,000-match report asked for at once, twice, with /api/ping called every 200 ms meanwhile
// (docs/performance.md, "Evidence packs made at once"). A report, not a test: it asserts nothing.
import { readFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { exampleIds } from '@/lib/demo/example-ids'
import { simulatorEnv, startApp } from '@/tools/harness/app'
import { median, percentile } from '@/tools/bench/stats'
import { stopOnSignal } from '@/tools/harness/child'
import { startSimulatorProcess } from '@/tools/harness/simulator'

const PACKS = 5
const ROUNDS = 2

/** The server's resident memory, from the kernel (MB). */
function rssMb(pid: number) {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return line ? Math.round(Number(line[1]) / 1024) : Number.NaN
}

const seconds = (ms: number) => (ms / 1000).toFixed(1)

async function round(url: string) {
  const started = Date.now()
  const answered: number[] = []
  let open = PACKS
  const packs = Array.from({ length: PACKS }, async () => {
    const response = await fetch(`${url}/api/evidence`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ type: 'aml_search', id: exampleIds.amlBigId }),
    })
    await response.arrayBuffer()
    answered.push(Date.now() - started)
    open -= 1
    return response.status
  })
  const pings: number[] = []
  while (open > 0) {
    const sent = Date.now()
    await (await fetch(`${url}/api/ping`)).arrayBuffer()
    if (open > 0) pings.push(Date.now() - sent)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return { statuses: await Promise.all(packs), answered: answered.sort((a, b) => a - b), pings }
}

const standalone = process.argv.includes('--standalone')
// The ports of the caller's choice (E2E_SIM_PORT, E2E_APP_PORT), else free ones.
const port = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined)
const simulator = await startSimulatorProcess({ port: port('E2E_SIM_PORT'), output: 'file' })
const dataDir = mkdtempSync(join(tmpdir(), 'verity-packs-at-once-'))
const app = await startApp({
  standalone,
  port: port('E2E_APP_PORT'),
  output: 'file',
  store: { dataDir, remove: true },
  env: {
    ...simulatorEnv(simulator.url),
    AUTH_DISABLED: 'true',
    EVIDENCE_PACK_LIMIT_PER_HOUR: '100',
    NEXT_TELEMETRY_DISABLED: '1',
  },
})
stopOnSignal([app, simulator])
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
try {
  // The demo's history is mirrored as the server starts: memory is read once that is over.
  await pause(15_000)
  console.log(
    `server ${app.pid} (${standalone ? 'standalone' : 'next start'}): ${rssMb(app.pid)} MB at rest`,
  )
  for (let index = 1; index <= ROUNDS; index += 1) {
    const result = await round(app.url)
    console.log(
      `round ${index}: packs ${result.statuses.join(' ')} answered at ${result.answered.map(seconds).join(', ')} s; ` +
        `${result.pings.length} pings while packs were made: median ${median(result.pings)} ms, ` +
        `p95 ${percentile(result.pings, 95)} ms, worst ${Math.max(...result.pings)} ms; server ${rssMb(app.pid)} MB`,
    )
  }
  // Past the minute after which an unused pack worker ends (lib/evidence/pack-workers.ts).
  await pause(65_000)
  console.log(`server ${rssMb(app.pid)} MB 65 s after the last pack`)
} finally {
  await app.stop()
  await simulator.stop()
}
