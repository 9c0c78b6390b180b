// `npx tsx tools/bench/sequential.ts [--requests=200] [--history=100] [--path='profiles/{id}']
// [--sign-in=off] [--app-dir=DIR] [--dist-dir=.next]`: what Verity adds to one read, as a client
// sees it (issue 47's goal: a list read adds at most 3 ms at the median).
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'

import { exampleIds } from '@/lib/demo/example-ids'
import { exampleApiKey } from '@/simulator/server/api-key'
import { signedInSession } from '@/tools/bench/browser'
import { mirrorBackfilled, startSignIn, startSimulatorChild } from '@/tools/bench/processes'
import { median } from '@/tools/bench/stats'
import { simulatorEnv, startApp } from '@/tools/harness/app'
import type { Started } from '@/tools/harness/child'
import { freePort } from '@/tools/harness/free-port'

/*
 * Sequential requests, one at a time, taking turns: the simulator straight, Verity's list read
 * signed in, Verity's /api/ping, so that the machine's drift falls on each alike. The figure is
 * Verity's median minus the simulator's, from the same run. `--app-dir` measures another checkout's
 * build (a bisection's candidate) with this checkout's simulator, provider and client.
 */

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '200' },
    'app-dir': { type: 'string' },
    'dist-dir': { type: 'string', default: '.next' },
    history: { type: 'string', default: '100' },
    path: { type: 'string', default: 'profiles?page=0&limit=10' },
    'sign-in': { type: 'string', default: 'on' },
  },
})
const requests = Number(values.requests)
const appDir = values['app-dir'] ? resolve(values['app-dir']) : undefined
const signedIn = values['sign-in'] !== 'off'
// The same path on both: the simulator's is under /api/v3/, Verity's under /api/.
const path = values.path.replace('{id}', exampleIds.defaultProfileId)

const started: Pick<Started, 'stop'>[] = []
try {
  const simulator = await startSimulatorChild(Number(values.history))
  started.push(simulator)
  const port = await freePort()
  const signIn = signedIn ? await startSignIn(port) : null
  if (signIn) started.push(signIn.provider)
  const app = await startApp({
    port,
    cwd: appDir,
    env: (dir) => ({
      NEXT_DIST_DIR: values['dist-dir'],
      NODE_ENV: 'production',
      ...simulatorEnv(simulator.url),
      VERITY_DATA_DIR: `${dir}/data`,
      ...(signIn ? signIn.env : { AUTH_DISABLED: 'true' }),
    }),
    output: 'file',
  })
  started.push(app)
  const cookie = signIn ? (await signedInSession(app.url)).header : ''
  const targets: [string, string, Record<string, string>][] = [
    [
      'simulator direct',
      `${simulator.url}/api/v3/${path}`,
      { 'ds-api-token': exampleApiKey, accept: 'application/json' },
    ],
    [`Verity /api/${values.path}`, `${app.url}/api/${path}`, { cookie }],
    ['Verity /api/ping', `${app.url}/api/ping`, {}],
  ]
  // Server-Timing's parts of Verity's read (lib/api/server-timing.ts), each request's.
  const parts = new Map<string, number[]>()
  const time = async ([, url, headers]: (typeof targets)[number]) => {
    const start = performance.now()
    const answer = await fetch(url, { headers })
    await answer.arrayBuffer()
    const took = performance.now() - start
    if (!answer.ok) throw new Error(`${url} answered ${answer.status}`)
    if (url === targets[1]![1]) {
      for (const [, name, ms] of (answer.headers.get('server-timing') ?? '').matchAll(
        /([\w-]+);dur=([\d.]+)/g,
      ))
        parts.set(name!, [...(parts.get(name!) ?? []), Number(ms)])
    }
    return took
  }
  // The history mirror's first backfill runs in the server's process: measured after it, as the
  // bench does (a build from before the mirror has no status page).
  const status = await fetch(`${app.url}/history-sync`, { headers: { cookie } })
  if (status.ok) await mirrorBackfilled(app.url, cookie)
  else await new Promise((done) => setTimeout(done, 5_000))
  // Warm-up: compiled code, open connections, the store's first statements.
  for (let round = 0; round < 100; round++) for (const target of targets) await time(target)
  parts.clear()
  const seen = targets.map(() => [] as number[])
  for (let round = 0; round < requests; round++) {
    for (let step = 0; step < targets.length; step++) {
      const index = (round + step) % targets.length
      seen[index]!.push(await time(targets[index]!))
    }
  }
  const direct = median(seen[0]!)
  for (const [index, [label]] of targets.entries()) {
    const p50 = median(seen[index]!)
    const added = index === 0 ? '' : `  (+${(p50 - direct).toFixed(2)} ms)`
    console.log(`${label.padEnd(40)} p50 ${p50.toFixed(2).padStart(6)} ms${added}`)
  }
  const named = [...parts].map(([name, ms]) => `${name} ${median(ms).toFixed(2)}`)
  console.log(`Server-Timing of ${targets[1]![0]}, p50 in ms: ${named.join(', ')}`)
} finally {
  for (const child of started.reverse()) await child.stop()
}
