// `npx tsx tools/bench/guarantees.ts [--rounds=8] [--seconds=3] [--concurrency=1,32]
// [--history-records=100]`: what each of Verity's guarantees costs the proxied read, measured
// against the audited floor (issue 32); the bench's own runs mirror 6,000 history records.
import { cpSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

import autocannon, { type Result } from 'autocannon'

import { exampleIds } from '@/lib/demo/example-ids'
import { exampleApiKey } from '@/simulator/server/api-key'
import { signedInSession } from '@/tools/bench/browser'
import { auditedFloorParts, buildFloor, buildInTemporaryDir } from '@/tools/bench/floor'
import {
  mirrorBackfilled,
  startFloor,
  startNext,
  startSignIn,
  startSimulatorChild,
} from '@/tools/bench/processes'
import { median } from '@/tools/bench/stats'
import type { Started } from '@/tools/harness/child'
import { freePort } from '@/tools/harness/free-port'

/*
 * The budget of the proxied read is a share of the audited floor: one bare call and one plain
 * committed row. Verity's read does more, each part asked for by an earlier issue. This builds a
 * copy of Verity (in a temporary directory; the checkout is not touched) with five extra routes,
 * each adding one of Verity's parts to the floor's two steps, and measures them in the same
 * rounds as the floor and the real route, interleaved (this machine's speed moves within a
 * minute) in an order that turns each round, keeping each one's median:
 *   gate     the floor's call and row behind Verity's API gate (session) and answer (lib/api/)
 *   segment  the same on a route with a dynamic segment, as /api/profiles/{id} is
 *   client   Verity's upstream client (deadline, retries, circuit, zod validation) and the row
 *   read     and the session's viewer and the masking projection: the read without its trail
 *   trail    the floor's bare call and Verity's audit append (the row committed unchained, the
 *            sequencer sealing it into the HMAC chain, indexes, echo)
 * and /api/profiles/{id} itself: all of them at once. Prints req/s, the share of the floor, and
 * ms per request at concurrency 1 (where 1000 / req/s is the request's whole time).
 */

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '1,32' },
    'history-records': { type: 'string', default: '100' },
  },
})
const positive = (name: string, raw: string) => {
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name} must be a whole number of at least 1, not ${JSON.stringify(raw)}`)
    process.exit(2)
  }
  return value
}
const rounds = positive('rounds', values.rounds)
const seconds = positive('seconds', values.seconds)
const levels = values.concurrency.split(',').map((level) => positive('concurrency', level))
const historyRecords = positive('history-records', values['history-records'])

const ROUTES = 'app/api/bench-guarantees'

// The routes share one floor store (PGlite in the process, as in the floor's own server).
const parts: Record<string, { file: string; head?: string; work: string }> = {
  gate: {
    file: 'gate/route.js',
    work: `const body = await floorCall()
  await floorCommit(body.profile_id ?? null)
  return body`,
  },
  segment: {
    file: 'segment/[id]/route.js',
    work: `const body = await floorCall()
  await floorCommit(id)
  return body`,
  },
  client: {
    file: 'client/[id]/route.js',
    head: `import { upstreamGet } from '@/lib/upstream/client'
import { profileSchema } from '@/lib/upstream/schemas'`,
    work: `const body = await upstreamGet(\`/api/v3/profiles/\${encodeURIComponent(id)}\`, profileSchema)
  await floorCommit(id)
  return body`,
  },
  read: {
    file: 'read/[id]/route.js',
    head: `import { getViewer } from '@/lib/auth/session'
import { projectProfile } from '@/lib/projection/project'
import { viewerRefKey } from '@/lib/projection/ref-key'
import { upstreamGet } from '@/lib/upstream/client'
import { profileSchema } from '@/lib/upstream/schemas'`,
    work: `if (!(await getViewer())) throw new Error('no viewer')
  const body = await upstreamGet(\`/api/v3/profiles/\${encodeURIComponent(id)}\`, profileSchema)
  await floorCommit(id)
  return projectProfile(body, await viewerRefKey())`,
  },
  trail: {
    file: 'trail/route.js',
    head: `import { requestScope } from '@/lib/api/request-scope'
import { audit } from '@/lib/audit/record'`,
    work: `const body = await floorCall()
  await audit(requestScope().viewer, 'view', { type: 'profile', id: body.profile_id ?? null }, 'ok')
  return body`,
  },
}

function routeSource(part: (typeof parts)[string]) {
  return `import { gated } from '@/lib/api/gate'
import { respond } from '@/lib/api/problem'
${part.head ?? ''}
${auditedFloorParts()}
export const dynamic = 'force-dynamic'
export function GET(request, ctx) {
  return gated(request, async () => {
    const id = (await ctx?.params)?.id
    return respond(async () => {
  ${part.work}
    })
  })
}
`
}

const COPIED = [
  'app',
  'components',
  'lib',
  'public',
  'instrumentation.ts',
  'proxy.ts',
  'package.json',
  'postcss.config.mjs',
  'tsconfig.json',
]

console.log('Building the floor and a copy of Verity with the routes of its parts (a few minutes)…')
const floor = await buildFloor()
const copy = await buildInTemporaryDir(
  'verity-guarantees-',
  'the copy of Verity',
  (dir) => {
    for (const path of COPIED) cpSync(path, join(dir, path), { recursive: true })
    cpSync('next.config.js', join(dir, 'next.config.verity.js'))
    writeFileSync(
      join(dir, 'next.config.js'),
      `import verity from './next.config.verity.js'
// node_modules is a link to the checkout's: resolved from the file system's root.
export default (phase) => ({ ...verity(phase), turbopack: { root: '/' } })
`,
    )
    for (const part of Object.values(parts)) {
      const file = join(dir, ROUTES, part.file)
      mkdirSync(join(file, '..'), { recursive: true })
      writeFileSync(file, routeSource(part))
    }
    // Types are not checked again: the copy's code is this checkout's, which `npm test` checks.
  },
  { VERITY_TYPES_CHECKED: '1' },
)

const started: Pick<Started, 'stop'>[] = []
try {
  const simulator = await startSimulatorChild(historyRecords)
  started.push(simulator)
  const port = await freePort()
  const signIn = await startSignIn(port)
  started.push(signIn.provider)
  const app = await startNext(
    '.next',
    simulator.url,
    port,
    {
      ...signIn.env,
      FLOOR_DATA_DIR: join(copy.dir, 'floor-store'),
      FLOOR_UPSTREAM_URL: `${simulator.url}/api/v3/profiles/${exampleIds.defaultProfileId}`,
      FLOOR_UPSTREAM_KEY: exampleApiKey,
    },
    { cwd: copy.dir },
  )
  started.push(app)
  const floorApp = await startFloor(floor.dir, simulator.url)
  started.push(floorApp)
  const session = await signedInSession(app.url)
  await mirrorBackfilled(app.url, session.header)

  const id = exampleIds.defaultProfileId
  const targets: [string, string][] = [
    ['floor: call + plain row', `${floorApp.url}/api/audited`],
    ['+ gate and answer', `${app.url}/api/bench-guarantees/gate`],
    ['+ dynamic segment', `${app.url}/api/bench-guarantees/segment/${id}`],
    ['+ upstream client', `${app.url}/api/bench-guarantees/client/${id}`],
    ['+ session, projection', `${app.url}/api/bench-guarantees/read/${id}`],
    ['floor call + audit trail', `${app.url}/api/bench-guarantees/trail`],
    ['/api/profiles/{id}', `${app.url}/api/profiles/${id}`],
  ]
  // Each route answers once before it is measured, or the run stops with what it answered.
  for (const [label, url] of targets) {
    const answer = await fetch(url, { headers: { cookie: session.header } })
    if (!answer.ok)
      throw new Error(
        `${label} (${url}) answered ${answer.status}: ${await answer.text()}\n${app.logs()}`,
      )
  }
  const shoot = (url: string, connections: number, duration: number) =>
    new Promise<Result>((done, fail) => {
      autocannon(
        { url, connections, duration, headers: { cookie: session.header } },
        (error, result) => (error ? fail(error) : done(result)),
      )
    })
  for (const connections of levels) {
    // Warm-up: every route's first requests open its store and compile its code.
    for (const [, url] of targets) await shoot(url, connections, 3)
    const seen = targets.map(() => [] as number[])
    for (let round = 0; round < rounds; round++) {
      // Each round starts one target further on, so that every target follows every other: a
      // server's work after its own load (collection, finalizers) then weighs on each in turn.
      for (let step = 0; step < targets.length; step++) {
        const index = (round + step) % targets.length
        const url = targets[index]![1]
        const result = await shoot(url, connections, seconds)
        if (result.non2xx > 0) throw new Error(`${url} answered ${result.non2xx} errors`)
        seen[index]!.push(result.requests.average)
      }
    }
    const floorRps = median(seen[0]!)
    console.log(`\nConcurrency ${connections}, median of ${rounds} rounds of ${seconds} s:`)
    for (const [index, [label]] of targets.entries()) {
      const rps = median(seen[index]!)
      const ms = connections === 1 ? `  ${(1000 / rps).toFixed(2).padStart(5)} ms/request` : ''
      console.log(
        `  ${label.padEnd(26)} ${rps.toFixed(0).padStart(5)} req/s  ${((100 * rps) / floorRps).toFixed(0).padStart(3)}%${ms}`,
      )
    }
  }
} finally {
  for (const child of started.reverse()) await child.stop()
  floor.remove()
  copy.remove()
}
