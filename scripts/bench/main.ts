// `npm run bench`: measures Verity against its simulator and prints the budgets (issue 10).
import { execSync } from 'node:child_process'
import { cpus, loadavg } from 'node:os'

import { measureAudit } from '@/scripts/bench/audit'
import { measureBigData } from '@/scripts/bench/big-data'
import { buildFloor } from '@/scripts/bench/floor'
import { launchBrowser } from '@/scripts/bench/browser'
import { assertBuilt, buildApp } from '@/scripts/bench/build'
import { measureLighthouse } from '@/scripts/bench/lighthouse'
import { measureLoad } from '@/scripts/bench/load'
import { memoryResult, sampleMemory, type MemorySample } from '@/scripts/bench/memory'
import { parseOptions, type SectionKey } from '@/scripts/bench/options'
import { startFloor, startNext, startSimulatorChild, type Started } from '@/scripts/bench/processes'
import { budgetTable, printTable, writeResults, type SectionResult } from '@/scripts/bench/report'
import { measureRender } from '@/scripts/bench/ttfb'
import { measureWeight } from '@/scripts/bench/weight'

const HISTORY_RECORDS = 6_000

const options = parseOptions(process.argv.slice(2))
const started: Started[] = []
const stopAll = () => Promise.all(started.reverse().map((child) => child.stop()))
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void stopAll().then(() => process.exit(130)))
}

const runStart = Date.now()
const results: SectionResult[] = []
const failures: Record<string, string> = {}
const timings: Record<string, number> = {}
const memory: MemorySample[] = []

async function section(key: SectionKey, run: () => Promise<SectionResult>): Promise<void> {
  if (!options.sections.has(key)) return
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

try {
  if (options.build) await buildApp(options.distDir)
  assertBuilt(options.distDir)
  const loadBefore = loadavg()
  const simulator = await startSimulatorChild(HISTORY_RECORDS)
  started.push(simulator)
  const app = await startNext(options.distDir, simulator.url)
  started.push(app)
  console.log(
    `simulator ${simulator.url} (pid ${simulator.pid}), Verity ${app.url} (pid ${app.pid}), build ${options.distDir}`,
  )
  const floor =
    options.sections.has('load') || options.sections.has('lighthouse')
      ? await startFloorApp(simulator.url).catch((error: unknown) => {
          // The floor is context for two sections; without it they still measure Verity.
          failures.floor = error instanceof Error ? error.message : String(error)
          console.error(`  framework floor not available: ${failures.floor}`)
          return null
        })
      : null
  await new Promise((resolve) => setTimeout(resolve, 1_000))
  memory.push(sampleMemory('at rest, after start', app.pid, simulator.pid))

  await section('load', () =>
    measureLoad(simulator.url, app.url, floor?.url ?? null, {
      seconds: options.loadSeconds,
      warmSeconds: Math.max(1, options.loadSeconds / 3),
      levels: [1, 32],
    }),
  )
  if (options.sections.has('load'))
    memory.push(sampleMemory('after the proxy load', app.pid, simulator.pid))
  await section('audit', () => measureAudit(app.url))
  await section('render', () =>
    measureRender(app.url, { samples: options.renderSamples, warmup: 2 }),
  )
  if (options.sections.has('weight') || options.sections.has('bigData')) {
    const browser = await launchBrowser()
    try {
      await section('weight', () => measureWeight(browser, app.url))
      await section('bigData', () => measureBigData(browser, app.url))
    } finally {
      await browser.close()
    }
  }
  await section('lighthouse', () =>
    measureLighthouse(app.url, options.lighthouseRuns, floor?.url ?? null),
  )
  memory.push(sampleMemory('end of run', app.pid, simulator.pid))
  results.push(memoryResult(memory))

  // Printed in the issue's order, whatever order they ran in.
  const order = ['load', 'audit', 'render', 'weight', 'lighthouse', 'bigData', 'memory']
  results.sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key))
  const budgets = results.flatMap((result) => result.budgets)
  for (const result of results) for (const table of result.tables) printTable(table)
  printTable(budgetTable(budgets))
  const failed = budgets.filter((budget) => budget.pass === false).length
  const unmeasured = Object.keys(failures)
  const busiest = Math.max(loadBefore[0] ?? 0, loadavg()[0] ?? 0)
  if (busiest > cpus().length) {
    console.log(
      `\nThe machine was busy (load average ${busiest.toFixed(1)} on ${cpus().length} cores): absolute figures are inflated; compare the ratios.`,
    )
  }
  console.log(
    `\n${budgets.length - failed} budgets met, ${failed} not met${unmeasured.length ? `; not measured: ${unmeasured.join(', ')}` : ''}`,
  )

  const path = writeResults('bench-results', {
    date: new Date(runStart).toISOString(),
    seconds: (Date.now() - runStart) / 1000,
    commit: gitCommit(),
    node: process.version,
    cpus: cpus().length,
    loadAverage: { before: loadBefore, after: loadavg() },
    distDir: options.distDir,
    options: { ...options, sections: [...options.sections] },
    sectionSeconds: timings,
    budgets,
    failures,
    sections: Object.fromEntries(results.map((result) => [result.key, result.data])),
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
}

/** The framework-floor app (floor.ts), built in a temporary directory that goes when it stops. */
async function startFloorApp(simulatorUrl: string): Promise<Started> {
  const floor = await buildFloor()
  try {
    const floorApp = await startFloor(floor.dir, simulatorUrl)
    const stopped = { ...floorApp, stop: () => floorApp.stop().finally(floor.remove) }
    started.push(stopped)
    console.log(`framework floor ${floorApp.url} (pid ${floorApp.pid})`)
    return stopped
  } catch (error) {
    floor.remove()
    throw error
  }
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
