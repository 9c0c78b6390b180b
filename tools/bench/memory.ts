import { readFileSync } from 'node:fs'

import autocannon from 'autocannon'

import { exampleIds } from '@/lib/demo/example-ids'
import type { StartedNext } from '@/tools/bench/processes'
import { treeRss } from '@/tools/bench/processes'
import { budget, mb, type SectionResult } from '@/tools/bench/report'

/*
 * Server memory, measured as memory: the live JavaScript heap and the resident size of
 * `next start` after a full, forced collection (the bench's own server runs with --expose-gc and
 * tools/bench/gc-hook.mjs), at rest (started, signed in, each route served once) and after
 * rounds of load on the proxied route. What V8 has merely not collected yet does not count, nor
 * the emptied pages it pools for reuse (the hook's last collection hands them back, as V8 does on
 * its own when the server idles); what stays reachable, and memory outside V8's heap, does. A
 * leak grows from round to round, so the heap after the last of five rounds is compared with the
 * heap after the first, and both figures with the resting ones.
 */

export type Collected = {
  heapUsed: number
  rss: number
  external: number
  arrayBuffers: number
  /** The live heap by V8 space (old_space, code_space, …), in bytes. */
  spaces?: Record<string, number>
}
export type MemoryFigures = {
  rest: Collected
  rounds: Collected[]
  /** Resident size of the simulator and the floor (not collected), for scale. */
  simulatorRss: number
  floorRss: number | null
}

const GROWTH_LIMIT = 1.05
const REST_LIMIT = 1.2

/** Asks the server to collect in full and reads what is left. */
export async function collected(app: StartedNext): Promise<Collected> {
  const asked = Date.now()
  process.kill(app.pid, 'SIGUSR2')
  const deadline = asked + 10_000
  for (;;) {
    try {
      const figures = JSON.parse(readFileSync(app.gcFile, 'utf8')) as Collected & { at: number }
      if (figures.at >= asked) return figures
    } catch {
      // Not written yet.
    }
    if (Date.now() > deadline)
      throw new Error('The bench server wrote no memory figures: was it started with gc-hook.mjs?')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Five rounds of load at concurrency 32 on the proxied route, each followed by a full collection. */
export async function measureMemory(
  app: StartedNext,
  cookie: string,
  rest: Collected,
  others: { simulator: number; floor: number | null },
  options: { rounds: number; seconds: number },
): Promise<SectionResult> {
  const rounds: Collected[] = []
  for (let round = 0; round < options.rounds; round++) {
    await new Promise((resolve, reject) =>
      autocannon(
        {
          url: `${app.url}/api/profiles/${exampleIds.defaultProfileId}`,
          connections: 32,
          duration: options.seconds,
          headers: { cookie },
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      ),
    )
    rounds.push(await collected(app))
  }
  return memoryResult({
    rest,
    rounds,
    simulatorRss: treeRss(others.simulator),
    floorRss: others.floor === null ? null : treeRss(others.floor),
  })
}

function memoryResult(figures: MemoryFigures): SectionResult {
  const mib = (bytes: number) => bytes / 1024 / 1024
  const { rest, rounds } = figures
  const first = rounds[0]
  const last = rounds.at(-1)
  const row = (moment: string, c: Collected) => [
    moment,
    mb(c.heapUsed),
    mb(c.external),
    mb(c.arrayBuffers),
    mb(c.rss),
  ]
  return {
    key: 'memory',
    tables: [
      {
        title:
          '6. Memory of next start after a full collection (five rounds of load, concurrency 32)',
        head: ['moment', 'live JS heap', 'external', 'array buffers', 'resident'],
        rows: [
          row('at rest, after start and sign-in', rest),
          ...rounds.map((c, index) => row(`after round ${index + 1} of load`, c)),
        ],
        notes: [
          `Not collected, for scale: simulator ${mb(figures.simulatorRss)}, floor ${figures.floorRss === null ? '–' : mb(figures.floorRss)} resident.`,
          ...(last
            ? [`Live heap from rest to the last round, by V8 space: ${bySpace(rest, last)}.`]
            : []),
        ],
      },
    ],
    budgets:
      first && last
        ? [
            budget(
              `live JS heap after five rounds ≤ after the first + ${Math.round((GROWTH_LIMIT - 1) * 100)}% (no growth)`,
              mib(last.heapUsed),
              '≤',
              mib(first.heapUsed) * GROWTH_LIMIT,
              'MiB',
              `after round 1 ${mb(first.heapUsed)}`,
            ),
            budget(
              `live JS heap after the load ≤ resting + ${Math.round((REST_LIMIT - 1) * 100)}%`,
              mib(last.heapUsed),
              '≤',
              mib(rest.heapUsed) * REST_LIMIT,
              'MiB',
              `at rest ${mb(rest.heapUsed)}`,
            ),
            budget(
              `resident size after the load, collected ≤ resting + ${Math.round((REST_LIMIT - 1) * 100)}%`,
              mib(last.rss),
              '≤',
              mib(rest.rss) * REST_LIMIT,
              'MiB',
              `at rest ${mb(rest.rss)}`,
            ),
          ]
        : [],
    data: figures,
  }
}

/** How each V8 heap space's live bytes moved between two collections, largest change first. */
function bySpace(before: Collected, after: Collected) {
  const names = Object.keys(after.spaces ?? {})
  const moved = names
    .map((name) => ({
      name,
      delta: (after.spaces?.[name] ?? 0) - (before.spaces?.[name] ?? 0),
    }))
    .filter(({ delta }) => Math.abs(delta) >= 1024 * 1024)
    .sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta))
  if (moved.length === 0) return 'no space moved by 1 MiB or more'
  return moved
    .map(({ name, delta }) => `${name} ${delta > 0 ? '+' : '−'}${mb(Math.abs(delta))}`)
    .join(', ')
}
