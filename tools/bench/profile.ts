// `npx tsx tools/bench/profile.ts [seconds] [connections] [path]`: a CPU profile of the production
// server under autocannon load of the proxied profile route (or `path`, e.g. /api/ping), signed
// in (issue 19).
import { mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

import autocannon, { type Result } from 'autocannon'

import { exampleIds } from '@/lib/demo/example-ids'
import { signedInSession } from '@/tools/bench/browser'
import { assertBuilt } from '@/tools/bench/build'
import {
  BENCH_HISTORY_RECORDS,
  mirrorBackfilled,
  startNext,
  startSignIn,
  startSimulatorChild,
} from '@/tools/bench/processes'
import { freePort } from '@/tools/harness/free-port'

/*
 * Node's --cpu-prof on `next start`, written when the server stops. What it prints: self time by
 * package or file, and the functions with the most self time; the .cpuprofile itself opens in
 * Chrome DevTools (Performance, Load profile) for the call trees.
 */

type Node = {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] }

const seconds = Number(process.argv[2] ?? 10)
const connections = Number(process.argv[3] ?? 1)
const path = process.argv[4] ?? `/api/profiles/${exampleIds.defaultProfileId}`
const distDir = process.env.NEXT_DIST_DIR || '.next'
const out = resolve(
  'bench-results',
  `cpu-profile-${new Date().toISOString().replace(/[:.]/g, '-')}`,
)

assertBuilt(distDir)
mkdirSync(out, { recursive: true })
const simulator = await startSimulatorChild(BENCH_HISTORY_RECORDS)
const port = await freePort()
const signIn = await startSignIn(port)
const app = await startNext(distDir, simulator.url, port, signIn.env, {
  nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${out}`],
})
try {
  const session = await signedInSession(app.url)
  // As the bench measures: after the in-process mirror's first backfill.
  await mirrorBackfilled(app.url, session.header)
  const url = `${app.url}${path}`
  const shoot = (duration: number) =>
    new Promise<Result>((done, fail) => {
      autocannon({ url, connections, duration, headers: { cookie: session.header } }, (error, r) =>
        error ? fail(error) : done(r),
      )
    })
  await shoot(3)
  const result = await shoot(seconds)
  console.log(
    `${url}, concurrency ${connections}: ${result.requests.average} req/s, p50 ${result.latency.p50} ms, non-2xx ${result.non2xx}`,
  )
} finally {
  await app.stop()
  await simulator.stop()
  await signIn.provider.stop()
}

const files = readdirSync(out).filter((name) => name.endsWith('.cpuprofile'))
for (const file of files) summarise(join(out, file))

function summarise(path: string) {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as Profile
  // Only the measured load: the profile also holds the start (the embedded store's initdb), the
  // sign-in and the warm-up. The server stops within moments of the load's end.
  const end = profile.timeDeltas.reduce((a, b) => a + b, 0)
  const from = end - (seconds + 0.5) * 1e6
  const until = end - 0.5e6
  const self = new Map<number, number>()
  let at = 0
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0
    at += delta
    if (at >= from && at <= until) self.set(id, (self.get(id) ?? 0) + delta)
  })
  const total = [...self.values()].reduce((a, b) => a + b, 0)
  if (total < 1e6) return // a child that did nothing under load
  const byGroup = new Map<string, number>()
  const byFunction = new Map<string, number>()
  for (const node of profile.nodes) {
    const time = self.get(node.id) ?? 0
    const { functionName, url, lineNumber } = node.callFrame
    const group =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
      (url.includes('/.next') ? `app: ${url.replace(/.*\/(server\/)/, '$1')}` : url || functionName)
    byGroup.set(group, (byGroup.get(group) ?? 0) + time)
    const name = `${functionName || '(anonymous)'} ${url.replace(/.*node_modules\//, '')}:${lineNumber + 1}`
    byFunction.set(name, (byFunction.get(name) ?? 0) + time)
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, time]) => `  ${((time / total) * 100).toFixed(1).padStart(5)}%  ${name}`)
  console.log(
    `\n${path} (${(total / 1e6).toFixed(1)} s of samples under load)\nSelf time by package or file:`,
  )
  console.log(top(byGroup, 25).join('\n'))
  console.log('Functions with the most self time:')
  console.log(top(byFunction, 40).join('\n'))
}
