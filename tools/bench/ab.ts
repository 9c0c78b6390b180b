// `npx tsx tools/bench/ab.ts --a=.next --b=.next-b [--paths=/api/ping,/api/profiles/{id}]
// [--connections=1,32] [--rounds=6] [--seconds=3] [--floor] [--a-env=K=V,…] [--b-env=K=V,…]`: two
// builds of this checkout, side by side; with --floor, the floor's route for each path (the
// audited floor for a profile) takes its turns beside them, and each figure is also given as a
// share of it. `--b-env` (and `--a-env`) add settings to one server: one build twice, with and
// without a setting (`--a=.next --b=.next --b-env=LOG_LEVEL=warn`).
import { parseArgs } from 'node:util'

import autocannon, { type Result } from 'autocannon'

import { exampleIds } from '@/lib/demo/example-ids'
import { buildFloor, type Floor } from '@/tools/bench/floor'
import { startFloor, startSimulatorChild } from '@/tools/bench/processes'
import { median } from '@/tools/bench/stats'
import { simulatorEnv, startApp } from '@/tools/harness/app'
import type { Started } from '@/tools/harness/child'

/*
 * A change's effect on a shared, noisy machine: both builds run at once on one simulator, with
 * sign-in off (the session is not what is compared), and take turns, round after round, the order
 * turning each round; each keeps the median of its rounds' req/s and p50. What matters is B against
 * A in the same run, not either figure.
 */

const { values } = parseArgs({
  options: {
    a: { type: 'string', default: '.next' },
    b: { type: 'string', default: '.next-b' },
    paths: { type: 'string', default: '/api/ping,/api/profiles/{id}' },
    connections: { type: 'string', default: '1,32' },
    rounds: { type: 'string', default: '6' },
    seconds: { type: 'string', default: '3' },
    floor: { type: 'boolean', default: false },
    'a-env': { type: 'string', default: '' },
    'b-env': { type: 'string', default: '' },
  },
})
const paths = values.paths
  .split(',')
  .map((path) => path.replace('{id}', exampleIds.defaultProfileId))
const rounds = Number(values.rounds)
const seconds = Number(values.seconds)

/** `K=V,K=V` as settings; a pair without its `=` is refused rather than read as another name. */
function settingsOf(list: string): Record<string, string> {
  return Object.fromEntries(
    list
      .split(',')
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf('=')
        if (at < 1) throw new Error(`--a-env/--b-env: "${pair}" is not NAME=value`)
        return [pair.slice(0, at), pair.slice(at + 1)]
      }),
  )
}

/** The floor's route that a path of Verity's is measured against (tools/bench/floor.ts). */
function floorPath(path: string) {
  return path === '/api/ping' ? '/api/ping' : '/api/audited'
}

// Read before anything starts, so a mistyped setting costs no build.
const aSettings = settingsOf(values['a-env'])
const bSettings = settingsOf(values['b-env'])

const started: Started[] = []
let floor: Floor | null = null
try {
  floor = values.floor ? await buildFloor() : null
  const simulator = await startSimulatorChild(100)
  started.push(simulator)
  const floorApp = floor ? await startFloor(floor.dir, simulator.url) : null
  if (floorApp) started.push(floorApp)
  const apps = []
  for (const [name, distDir, extra, settings] of [
    ['a', values.a, values['a-env'], aSettings],
    ['b', values.b, values['b-env'], bSettings],
  ] as const) {
    const app = await startApp({
      name,
      env: (dir) => ({
        NEXT_DIST_DIR: distDir,
        NODE_ENV: 'production',
        ...simulatorEnv(simulator.url),
        VERITY_DATA_DIR: `${dir}/data`,
        AUTH_DISABLED: 'true',
        ...settings,
      }),
      output: 'file',
    })
    started.push(app)
    apps.push({ name: `${name} (${distDir}${extra ? ` ${extra}` : ''})`, url: app.url })
  }
  const shoot = (url: string, connections: number, duration: number) =>
    new Promise<Result>((done, fail) => {
      autocannon({ url, connections, duration }, (error, result) =>
        error ? fail(error) : done(result),
      )
    })
  for (const connections of values.connections.split(',').map(Number)) {
    for (const path of paths) {
      const targets = apps.map((app) => ({ name: app.name, url: app.url + path }))
      if (floorApp) targets.push({ name: 'floor', url: floorApp.url + floorPath(path) })
      for (const target of targets) await shoot(target.url, connections, 2)
      const seen = targets.map(() => ({ rps: [] as number[], p50: [] as number[] }))
      for (let round = 0; round < rounds; round++) {
        for (let step = 0; step < targets.length; step++) {
          const index = (round + step) % targets.length
          const result = await shoot(targets[index]!.url, connections, seconds)
          if (result.non2xx > 0) throw new Error(`${path} answered ${result.non2xx} errors`)
          seen[index]!.rps.push(result.requests.average)
          seen[index]!.p50.push(result.latency.p50)
        }
      }
      const base = median(seen[0]!.rps)
      const floorRps = floorApp ? median(seen.at(-1)!.rps) : null
      console.log(
        `${path}, concurrency ${connections}, median of ${rounds} rounds of ${seconds} s:`,
      )
      for (const [index, target] of targets.entries()) {
        const rps = median(seen[index]!.rps)
        const ofFloor = floorRps
          ? `  ${((100 * rps) / floorRps).toFixed(0).padStart(4)}% of the floor`
          : ''
        console.log(
          `  ${target.name.padEnd(16)} ${rps.toFixed(0).padStart(6)} req/s ${((100 * rps) / base).toFixed(0).padStart(4)}%  p50 ${median(seen[index]!.p50)} ms${ofFloor}`,
        )
      }
    }
  }
} finally {
  for (const child of started.reverse()) await child.stop()
  floor?.remove()
}
