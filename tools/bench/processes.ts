import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

import { exampleIds } from '@/lib/demo/example-ids'
import { exampleApiKey } from '@/simulator/server/api-key'
import { simulatorEnv, startApp, type StartedApp } from '@/tools/harness/app'
import type { Started } from '@/tools/harness/child'
import { startOidcProvider } from '@/tools/harness/oidc-provider'
import { signInEnv } from '@/tools/harness/sign-in'
import { startSimulatorProcess } from '@/tools/harness/simulator'

/*
 * The processes the benchmark starts, through the development harness (tools/harness/): the
 * simulator and `next start`, each a child of its own so that neither shares an event loop with
 * the load generator, their output written to a file (tools/harness/child.ts says why).
 */

const SESSION_SECRET = 'bench-session-secret-0123456789-abcdefghijklmnop'
const AUDIT_HMAC_KEY = 'bench-audit-hmac-key-0123456789-abcdefghijklmnop'

/** The bench's history: 6,000 records, so that 5,000 can be loaded in the browser. */
export const BENCH_HISTORY_RECORDS = 6_000

/** The simulator with `historyRecords` webhook history records. */
export function startSimulatorChild(historyRecords: number): Promise<Started> {
  return startSimulatorProcess({ historyRecords, output: 'file' })
}

/*
 * Verity is measured as analysts use it: with sign-in on, through the OpenID Connect provider the
 * browser tests use, and every request of the benchmark carries the session cookie an analyst gets
 * by signing in through its login form.
 */

/** The provider, for a Verity that will listen on `port`, and the environment that Verity needs. */
export async function startSignIn(port: number) {
  const provider = await startOidcProvider(`http://127.0.0.1:${port}/auth/callback`)
  const env = signInEnv(provider, { sessionSecret: SESSION_SECRET, auditHmacKey: AUDIT_HMAC_KEY })
  return { provider, env }
}

export type NextOptions = {
  /** Where the app and its build are: a built copy (guarantees.ts), else this checkout. */
  cwd?: string
  /** Options for node itself (`--cpu-prof`, which NODE_OPTIONS does not take). */
  nodeArgs?: string[]
  /** The embedded store's directory, kept across a restart; else one beside the output, removed with it. */
  dataDir?: string
  /** Waits for this signed-in page instead of the health route (the cold start's first page). */
  firstPage?: { path: string; cookie: string }
}

export type StartedNext = StartedApp & {
  /** Where SIGUSR2 makes the bench's server write its memory after a full collection (gc-hook.mjs). */
  gcFile: string
  /** From spawning the process to its first answer (health, or `firstPage`), in ms. */
  readyMs: number
  /**
   * The process's uptime at its "store ready" log line, as it logged it, in ms: the store opens
   * while Next.js gets ready, and may be ready after the first answer (the page waits for it then).
   */
  storeReadyMs: number | null
}

/**
 * `next start` of the build in `distDir` on `port`, on the simulator, with `env` (sign-in), run
 * with `--expose-gc` and the bench's collection hook (tools/bench/gc-hook.mjs).
 */
export async function startNext(
  distDir: string,
  simulatorUrl: string,
  port: number,
  env: Record<string, string>,
  options: NextOptions = {},
): Promise<StartedNext> {
  const spawnedAt = performance.now()
  const first = options.firstPage
  let gcFile = ''
  const app = await startApp({
    port,
    cwd: options.cwd,
    nodeArgs: [
      '--expose-gc',
      '--import',
      resolve('tools/bench/gc-hook.mjs'),
      ...(options.nodeArgs ?? []),
    ],
    env: (dir) => {
      gcFile = join(dir, 'gc.json')
      return {
        BENCH_GC_FILE: gcFile,
        NEXT_DIST_DIR: distDir,
        NODE_ENV: 'production',
        ...simulatorEnv(simulatorUrl),
        // Its embedded store lives (and goes) with its output, unless DATABASE_URL names a server.
        VERITY_DATA_DIR: options.dataDir ?? join(dir, 'data'),
        ...env,
      }
    },
    output: 'file',
    ready: async (url) => {
      if (!first) return (await fetch(`${url}/api/health`)).ok
      const page = await fetch(url + first.path, {
        headers: { cookie: first.cookie },
        redirect: 'manual',
      })
      await page.arrayBuffer()
      return page.status === 200
    },
    everyMs: first ? 20 : 200,
  })
  const readyMs = performance.now() - spawnedAt
  const ping = await fetch(`${app.url}/api/ping`)
  if (!ping.ok)
    throw new Error(
      `${app.url}/api/ping answered ${ping.status}: is the build older than the route?`,
    )
  return { ...app, gcFile, readyMs, storeReadyMs: await storeReadyAt(app) }
}

/**
 * The uptime in the "store ready" line, waiting for it when the answer came first (the health
 * route does not use the store; an empty embedded store's first open runs initdb, many seconds).
 */
async function storeReadyAt(app: StartedApp): Promise<number | null> {
  for (let tries = 0; tries < 600; tries++) {
    const found = /"msg":"store ready"[^\n]*"uptimeMs":(\d+)/.exec(app.logs())
    if (found) return Number(found[1])
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return null
}

/**
 * Waits until the instance's history mirror has finished its backfill, as its status page says,
 * and returns how long that took. The sync runs inside the server's process: an instance's first
 * backfill (the bench's 6,000 records) is a one-time load that would otherwise share the CPU with
 * whatever is measured first.
 */
export async function mirrorBackfilled(url: string, cookie: string, timeoutMs = 300_000) {
  const start = performance.now()
  while (performance.now() - start < timeoutMs) {
    const page = await fetch(`${url}/history-sync`, { headers: { cookie } })
    if (/Backfill<\/[^>]+>\s*<[^>]+>done: /.test(await page.text()))
      return performance.now() - start
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`the history mirror's backfill was not done after ${timeoutMs / 1000} s`)
}

/** `next start` of the framework-floor app built in `dir` (tools/bench/floor.ts). */
export async function startFloor(dir: string, simulatorUrl: string): Promise<Started> {
  const app = await startApp({
    name: 'floor',
    cwd: dir,
    env: (tmp) => ({
      FLOOR_UPSTREAM_URL: `${simulatorUrl}/api/v3/profiles/${exampleIds.defaultProfileId}`,
      FLOOR_UPSTREAM_KEY: exampleApiKey,
      // The audited floor's embedded store, beside its output (unless DATABASE_URL names a server).
      FLOOR_DATA_DIR: join(tmp, 'pglite'),
    }),
    output: 'file',
    ready: async (url) => (await fetch(url)).ok,
  })
  // The audited floor opens its store on its first request (PGlite takes seconds): not in a
  // measurement's warm-up, as Verity's store is open before it is measured.
  const audited = await fetch(`${app.url}/api/audited`)
  if (!audited.ok) {
    await app.stop()
    throw new Error(`${app.url}/api/audited answered ${audited.status}:\n${app.logs()}`)
  }
  return app
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
