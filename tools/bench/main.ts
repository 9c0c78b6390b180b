// `npm run bench`: measures Verity against a bare Next.js app (the floor) and prints issue 32's budgets.
import { execSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'

import { measureAudit } from '@/tools/bench/audit'
import { measureBigData } from '@/tools/bench/big-data'
import { launchBrowser } from '@/tools/bench/browser'
import { assertBuilt, buildApp } from '@/tools/bench/build'
import { measureColdStart } from '@/tools/bench/cold-start'
import { buildFloor, type Floor } from '@/tools/bench/floor'
import { measureLighthouse } from '@/tools/bench/lighthouse'
import { measureLoad } from '@/tools/bench/load'
import { collected, measureMemory, type Collected } from '@/tools/bench/memory'
import { parseOptions, sectionKeys } from '@/tools/bench/options'
import {
  BENCH_HISTORY_RECORDS,
  mirrorBackfilled,
  startFloor,
  startNext,
  startSignIn,
  startSimulatorChild,
} from '@/tools/bench/processes'
import {
  budgetTable,
  combineBudgets,
  printTable,
  writeResults,
  type Budget,
  type SectionResult,
} from '@/tools/bench/report'
import { measureRender } from '@/tools/bench/ttfb'
import { measureWeight } from '@/tools/bench/weight'
import type { Started } from '@/tools/harness/child'
import { freePort } from '@/tools/harness/free-port'
import { signInAnalyst, type Session } from '@/tools/harness/sign-in'

const options = parseOptions(process.argv.slice(2))
const started: { stop: () => Promise<void> }[] = []
const stopAll = () =>
  Promise.all(
    started
      .splice(0)
      .reverse()
      .map((child) => child.stop()),
  )
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void stopAll().then(() => process.exit(130)))
}

type Run = {
  results: SectionResult[]
  budgets: Budget[]
  failures: Record<string, string>
  timings: Record<string, number>
  loadAverage: { before: number[]; after: number[] }
}

/** One run: fresh simulator, Verity (signed in) and floor server; every chosen section once. */
async function runOnce(floor: Floor | null, failures: Record<string, string>): Promise<Run> {
  const results: SectionResult[] = []
  const timings: Record<string, number> = {}
  const before = loadavg()
  const has = (key: string) => options.sections.has(key as never)
  async function section(key: string, run: () => Promise<SectionResult>): Promise<void> {
    if (!has(key)) return
    const start = Date.now()
    console.log(`\n▶ ${key}`)
    try {
      results.push(await run())
    } catch (error) {
      // A report, not a test: one broken measurement must not lose the others.
      failures[key] = error instanceof Error ? (error.stack ?? error.message) : String(error)
      console.error(`  ${key} failed: ${failures[key]}`)
    }
    timings[key] = (Date.now() - start) / 1000
  }

  const simulator = await startSimulatorChild(BENCH_HISTORY_RECORDS)
  started.push(simulator)
  const port = await freePort()
  const signIn = await startSignIn(port)
  started.push({ stop: signIn.provider.stop })
  // The embedded store outlives the first server, for the cold start's restart on it.
  const dataDir = mkdtempSync(join(tmpdir(), 'verity-bench-data-'))
  started.push({ stop: () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })) })
  const store = process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite'
  const start = (firstPage?: { path: string; cookie: string }) =>
    startNext(options.distDir, simulator.url, port, signIn.env, {
      dataDir,
      ...(firstPage ? { firstPage } : {}),
    })
  let app = await start()
  started.push(app)
  let floorApp: Started | null = null
  if (floor) {
    floorApp = await startFloor(floor.dir, simulator.url).catch((error: unknown) => {
      failures.floor = error instanceof Error ? error.message : String(error)
      console.error(`  framework floor not available: ${failures.floor}`)
      return null
    })
    if (floorApp) started.push(floorApp)
  }
  console.log(
    `simulator ${simulator.url}, Verity ${app.url} (pid ${app.pid}, sign-in on, ${store}), floor ${floorApp?.url ?? 'none'}, build ${options.distDir}`,
  )
  const browser = await launchBrowser()
  let session: Session
  try {
    session = await signInAnalyst(browser, app.url)
    console.log('signed in as ana@verity.test')
    // Measured in its steady state: the in-process sync's first backfill is over.
    const backfillMs = await mirrorBackfilled(app.url, session.header)
    console.log(`history mirror backfilled (waited ${(backfillMs / 1000).toFixed(1)} s)`)
    // Resting size: started, signed in, and every measured route served once (loaded and compiled).
    await Promise.all(
      [`/api/profiles`, '/api/ping'].map((path) =>
        fetch(app.url + path, { headers: { cookie: session.header } }).then((r) => r.arrayBuffer()),
      ),
    )
    const rest: Collected = await collected(app)

    await section('load', () =>
      measureLoad(simulator.url, app.url, floorApp?.url ?? null, session.header, {
        seconds: options.loadSeconds,
        rounds: options.loadRounds,
        warmSeconds: Math.max(1, options.loadSeconds / options.loadRounds),
        levels: [1, 32],
      }),
    )
    await section('memory', () =>
      measureMemory(
        app,
        session.header,
        rest,
        { simulator: simulator.pid, floor: floorApp?.pid ?? null },
        { rounds: 5, seconds: 3 },
      ),
    )
    await section('audit', () => measureAudit(app.url, session.header))
    await section('render', () =>
      measureRender(app.url, session.header, { samples: options.renderSamples, warmup: 2 }),
    )
    await section('weight', () => measureWeight(browser, app.url, session, floorApp?.url ?? null))
    await section('bigData', () => measureBigData(browser, app.url, session))
  } finally {
    await browser.close()
  }
  await section('lighthouse', () =>
    measureLighthouse(app.url, options.lighthouseRuns, floorApp?.url ?? null, session),
  )
  await section('coldStart', async () => {
    const measured = await measureColdStart(app, start, session.header, store)
    app = measured.restarted
    started.push(app)
    return measured.result
  })
  await stopAll()

  // Printed in the issue's order, whatever order they ran in.
  const order: readonly string[] = sectionKeys
  results.sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key))
  return {
    results,
    budgets: results.flatMap((result) => result.budgets),
    failures,
    timings,
    loadAverage: { before, after: loadavg() },
  }
}

/** A bench that loads server-only modules, in a child run with --conditions=react-server. */
function benchChild(script: string, ...args: string[]): Promise<number> {
  const child = spawn(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', script, ...args],
    { stdio: 'inherit' },
  )
  return new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)))
}

const children = {
  history: () =>
    benchChild(
      'tools/bench/history.ts',
      `--history-records=${options.historyRecords}`,
      ...(options.historySkipPglite ? ['--history-skip-pglite'] : []),
    ),
  analytics: () =>
    benchChild('tools/bench/analytics.ts', `--analytics-records=${options.analyticsRecords}`),
  retention: () =>
    benchChild(
      'tools/bench/retention.ts',
      `--retention-records=${options.retentionRecords}`,
      `--retention-applicants=${options.retentionApplicants}`,
    ),
}
const childOnly = [...options.sections].every((key) => key in children)
for (const key of ['history', 'analytics', 'retention'] as const) {
  if (!options.sections.has(key)) continue
  const code = await children[key]()
  if (code !== 0) process.exitCode = code
}
if (childOnly) process.exit(process.exitCode ?? 0)

const runStart = Date.now()
const runs: Run[] = []
let floor: Floor | null = null
try {
  if (options.build) await buildApp(options.distDir)
  assertBuilt(options.distDir)
  if (options.sections.has('load') || options.sections.has('lighthouse')) {
    floor = await buildFloor().catch((error: unknown) => {
      console.error(`  framework floor not built: ${String(error)}`)
      return null
    })
  }
  for (let index = 0; index < options.runs; index++) {
    if (options.runs > 1) console.log(`\n═══ run ${index + 1} of ${options.runs}`)
    const run = await runOnce(floor, {})
    for (const result of run.results) for (const table of result.tables) printTable(table)
    runs.push(run)
  }
  const combined = combineBudgets(runs.map((run) => run.budgets))
  printTable(budgetTable(combined, runs.length))
  const failed = combined.filter((item) => item.pass === false).length
  const unmeasured = [...new Set(runs.flatMap((run) => Object.keys(run.failures)))]
  const busiest = Math.max(...runs.flatMap((run) => [run.loadAverage.before[0] ?? 0]))
  if (busiest > cpus().length) {
    console.log(
      `\nThe machine was busy (load average up to ${busiest.toFixed(1)} on ${cpus().length} cores at a run's start): compare the ratios to the floor, not absolute figures.`,
    )
  }
  console.log(
    `\n${combined.length - failed} budgets met, ${failed} not met${unmeasured.length ? `; not measured: ${unmeasured.join(', ')}` : ''}`,
  )
  const path = writeResults('bench-results', {
    date: new Date(runStart).toISOString(),
    seconds: (Date.now() - runStart) / 1000,
    commit: gitCommit(),
    node: process.version,
    cpus: cpus().length,
    distDir: options.distDir,
    options: { ...options, sections: [...options.sections] },
    budgets: combined,
    runs: runs.map((run) => ({
      loadAverage: run.loadAverage,
      sectionSeconds: run.timings,
      failures: run.failures,
      budgets: run.budgets,
      sections: Object.fromEntries(run.results.map((result) => [result.key, result.data])),
    })),
  })
  console.log(
    `Written ${path} and bench-results/latest.json in ${((Date.now() - runStart) / 1000).toFixed(0)} s`,
  )
  process.exitCode = options.strict && (failed > 0 || unmeasured.length > 0) ? 1 : 0
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 2
} finally {
  await stopAll()
  floor?.remove()
}

function gitCommit(): string {
  try {
    const commit = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim()
    const dirty = execSync('git status --porcelain', { encoding: 'utf8' }).trim() !== ''
    return dirty ? `${commit} (uncommitted changes)` : commit
  } catch {
    return 'unknown'
  }
}
