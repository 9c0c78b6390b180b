import { rmSync } from 'node:fs'
import { join } from 'node:path'

import { exampleApiKey } from '@/simulator/server/api-key'
import {
  spawnNode,
  waitUntil,
  type Child,
  type ChildEnv,
  type Output,
  type Started,
} from '@/tools/harness/child'
import { freePort } from '@/tools/harness/free-port'

export type AppOptions = {
  /** In its log lines and its work directory's name. */
  name?: string
  /** A free one when not given. */
  port?: number
  /** Its environment over ours: upstream, sign-in, DATABASE_URL for a PostgreSQL store. */
  env: ChildEnv
  /**
   * The embedded store's directory (VERITY_DATA_DIR), removed when the app stops if `remove`;
   * without it, the environment decides (.verity-data by default).
   */
  store?: { dataDir: string; remove: boolean }
  /** `next dev` instead of `next start`. */
  dev?: boolean
  /**
   * The build's standalone server (`node .next/standalone/server.js`, as deployed) instead of
   * `next start`, which prints that it does not serve an `output: 'standalone'` build as deployed.
   */
  standalone?: boolean
  /** Options for node itself (`--cpu-prof`, `--import`, which NODE_OPTIONS may not take). */
  nodeArgs?: string[]
  /** Another Next.js app than Verity (the bench's framework floor), started in its folder. */
  cwd?: string
  output: Output
  /** When it counts as started: by default once /api/health answers 200. */
  ready?: (url: string, started: Child) => Promise<boolean>
  timeoutMs?: number
  everyMs?: number
}

export type StartedApp = Started & { port: number }

/** Verity on the simulator at `simulatorUrl`, with the demo's example links. */
export function simulatorEnv(simulatorUrl: string, apiKey = exampleApiKey) {
  return { DS_API_BASE_URL: simulatorUrl, DS_API_KEY: apiKey, VERITY_DEMO: 'true' }
}

const healthy = async (url: string) => (await fetch(`${url}/api/health`)).ok

/** Verity (or the app in `cwd`) with `next start` (or `next dev`) on 127.0.0.1. */
export async function startApp(options: AppOptions): Promise<StartedApp> {
  const port = options.port ?? (await freePort())
  const next = join(process.cwd(), 'node_modules/next/dist/bin/next')
  const command = options.dev ? 'dev' : 'start'
  const store = options.store
  const name = options.name ?? 'verity'
  const serverArgs = options.standalone
    ? [join(process.cwd(), process.env.NEXT_DIST_DIR || '.next', 'standalone', 'server.js')]
    : [next, command, '-p', String(port), '-H', '127.0.0.1']
  const started = spawnNode(name, [...(options.nodeArgs ?? []), ...serverArgs], {
    env: (workDir) => ({
      ...(typeof options.env === 'function' ? options.env(workDir) : options.env),
      ...(store ? { VERITY_DATA_DIR: store.dataDir } : {}),
      // The standalone server takes its address from these, and works in its own folder.
      ...(options.standalone ? { PORT: String(port), HOSTNAME: '127.0.0.1' } : {}),
    }),
    cwd: options.cwd,
    output: options.output,
  })
  const stop = () =>
    started.stop().finally(() => {
      if (store?.remove) rmSync(store.dataDir, { recursive: true, force: true })
    })
  const url = `http://127.0.0.1:${port}`
  const ready = options.ready ?? healthy
  await waitUntil(
    { ...started, stop },
    `${name} on ${url}`,
    async () => ((await ready(url, started)) ? url : null),
    { timeoutMs: options.timeoutMs, everyMs: options.everyMs },
  )
  return { ...started, url, port, stop }
}
