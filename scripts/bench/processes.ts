import { spawn, type ChildProcess } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import { exampleIds } from '@/lib/demo/example-ids'
import { exampleApiKey } from '@/simulator/api-key'
import { freePort } from '@/scripts/free-port'

/*
 * The processes the benchmark starts: the simulator and `next start`, each a child of its own so
 * that neither shares an event loop with the load generator. Each is stopped by its own PID.
 */

export type Started = {
  name: string
  url: string
  pid: number
  logs: () => string
  stop: () => Promise<void>
}

function spawnChild(
  name: string,
  args: string[],
  env: (dir: string) => Record<string, string>,
  cwd?: string,
) {
  // Output goes to a file, not through this process: the app writes an audit line per proxied
  // request, and a pipe drained by the load generator's own event loop would slow the app down
  // (and only during the proxy's turn) whenever the generator is busy.
  const dir = mkdtempSync(join(tmpdir(), `verity-bench-${name}-`))
  const file = join(dir, 'output.log')
  const fd = openSync(file, 'a')
  const child = spawn(process.execPath, args, {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env(dir) },
    stdio: ['ignore', fd, fd],
    cwd,
  })
  closeSync(fd)
  // Only the tail matters when a start fails.
  const logs = () => {
    try {
      return readFileSync(file, 'utf8').slice(-20_000)
    } catch {
      return ''
    }
  }
  const stop = () => stopChild(child).finally(() => rmSync(dir, { recursive: true, force: true }))
  return { child, logs, stop, name }
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000)
    child.once('exit', () => {
      clearTimeout(force)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

async function waitFor(
  what: string,
  check: () => Promise<string | null>,
  alive: () => boolean,
  logs: () => string,
  everyMs = 200,
) {
  const deadline = Date.now() + 60_000
  for (;;) {
    if (!alive()) throw new Error(`${what} exited early:\n${logs()}`)
    const found = await check().catch(() => null)
    if (found) return found
    if (Date.now() > deadline) throw new Error(`${what} did not start in 60 s:\n${logs()}`)
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
}

/** The simulator with 6,000 history records, so that 5,000 can be loaded in the browser. */
export async function startSimulatorChild(historyRecords: number): Promise<Started> {
  const started = spawnChild('simulator', ['--import', 'tsx', 'simulator/main.ts'], () => ({
    SIM_PORT: '0',
    SIM_API_KEY: exampleApiKey,
    SIM_HISTORY: String(historyRecords),
  }))
  const alive = () => started.child.exitCode === null
  const url = await waitFor(
    'The simulator',
    () => Promise.resolve(/listening on (http:\/\/\S+)/.exec(started.logs())?.[1] ?? null),
    alive,
    started.logs,
  )
  return { ...started, url, pid: started.child.pid ?? 0 }
}

export type NextOptions = {
  /** Options for node itself (`--cpu-prof`, which NODE_OPTIONS does not take). */
  nodeArgs?: string[]
  /** The embedded store's directory, kept across a restart; else one beside the output, removed with it. */
  dataDir?: string
  /** Waits for this signed-in page instead of the health route (the cold start's first page). */
  firstPage?: { path: string; cookie: string }
}

export type StartedNext = Started & {
  /** Where SIGUSR2 makes the bench's server write its memory after a full collection (gc-hook.mjs). */
  gcFile: string
  /** From spawning the process to its first answer (health, or `firstPage`), in ms. */
  readyMs: number
  /** From spawning it to its "store ready" log line (polled with the answer), in ms. */
  storeReadyMs: number | null
}

/**
 * `next start` of the build in `distDir` on `port`, on the simulator, with `env` (sign-in), run
 * with `--expose-gc` and the bench's collection hook (scripts/bench/gc-hook.mjs).
 */
export async function startNext(
  distDir: string,
  simulatorUrl: string,
  port: number,
  env: Record<string, string>,
  options: NextOptions = {},
): Promise<StartedNext> {
  let gcFile = ''
  const spawnedAt = performance.now()
  // Its embedded store lives (and goes) with its output, unless DATABASE_URL names a server.
  const started = spawnChild(
    'next',
    [
      '--expose-gc',
      '--import',
      resolve('scripts/bench/gc-hook.mjs'),
      ...(options.nodeArgs ?? []),
      ...nextStart(port),
    ],
    (dir) => {
      gcFile = join(dir, 'gc.json')
      return {
        BENCH_GC_FILE: gcFile,
        NEXT_DIST_DIR: distDir,
        NODE_ENV: 'production',
        DS_API_BASE_URL: simulatorUrl,
        DS_API_KEY: exampleApiKey,
        VERITY_DEMO: 'true',
        VERITY_DATA_DIR: options.dataDir ?? join(dir, 'data'),
        ...env,
      }
    },
  )
  const url = `http://127.0.0.1:${port}`
  const first = options.firstPage
  let storeReadyMs: number | null = null
  await waitFor(
    'next start',
    async () => {
      if (storeReadyMs === null && started.logs().includes('"msg":"store ready"'))
        storeReadyMs = performance.now() - spawnedAt
      if (!first) return (await fetch(`${url}/api/health`)).ok ? url : null
      const page = await fetch(url + first.path, {
        headers: { cookie: first.cookie },
        redirect: 'manual',
      })
      await page.arrayBuffer()
      return page.status === 200 ? url : null
    },
    () => started.child.exitCode === null,
    started.logs,
    first ? 20 : 200,
  )
  const readyMs = performance.now() - spawnedAt
  const ping = await fetch(`${url}/api/ping`)
  if (!ping.ok)
    throw new Error(`${url}/api/ping answered ${ping.status}: is the build older than the route?`)
  return { ...started, url, pid: started.child.pid ?? 0, gcFile, readyMs, storeReadyMs }
}

/** `next start` of the framework-floor app built in `dir` (scripts/bench/floor.ts). */
export async function startFloor(dir: string, simulatorUrl: string): Promise<Started> {
  const port = await freePort()
  const started = spawnChild(
    'floor',
    nextStart(port, resolve('node_modules')),
    (tmp) => ({
      FLOOR_UPSTREAM_URL: `${simulatorUrl}/api/v3/profiles/${exampleIds.defaultProfileId}`,
      FLOOR_UPSTREAM_KEY: exampleApiKey,
      // The audited floor's embedded store, beside its output (unless DATABASE_URL names a server).
      FLOOR_DATA_DIR: join(tmp, 'pglite'),
    }),
    dir,
  )
  const url = `http://127.0.0.1:${port}`
  await waitFor(
    'the framework-floor app',
    async () => ((await fetch(url)).ok ? url : null),
    () => started.child.exitCode === null,
    started.logs,
  )
  // The audited floor opens its store on its first request (PGlite takes seconds): not in a
  // measurement's warm-up, as Verity's store is open before it is measured.
  const audited = await fetch(`${url}/api/audited`)
  if (!audited.ok)
    throw new Error(`${url}/api/audited answered ${audited.status}:\n${started.logs()}`)
  return { ...started, url, pid: started.child.pid ?? 0 }
}

function nextStart(port: number, modules = 'node_modules'): string[] {
  return [join(modules, 'next/dist/bin/next'), 'start', '-p', String(port), '-H', '127.0.0.1']
}

/** Resident memory of a process and its descendants, in bytes (Linux /proc). */
export function treeRss(pid: number): number {
  const children = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      // The command name may hold spaces and parentheses: the fields after the last ')' are fixed.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)])
    } catch {
      // The process ended while we read.
    }
  }
  let total = 0
  const pending = [pid]
  while (pending.length > 0) {
    const current = pending.pop() ?? 0
    total += rssOf(current)
    pending.push(...(children.get(current) ?? []))
  }
  return total
}

function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1]
    return kb ? Number(kb) * 1024 : 0
  } catch {
    return 0
  }
}
