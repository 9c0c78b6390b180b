import { treeRss } from '@/scripts/bench/processes'
import { budget, mb, type SectionResult } from '@/scripts/bench/report'

/*
 * Server memory: resident set of `next start` (and of the simulator, for scale) at moments of the
 * run. The budget compares the size once the proxy load is over and the server has had a few
 * seconds to collect garbage with its resting size (started, signed in, each route served once).
 * The floor's server, loaded in the same section, is sampled beside it: what the framework and
 * Node.js themselves keep after a load.
 */

type Pids = { next: number; simulator: number; floor: number | null }
export type MemorySample = {
  moment: string
  nextRss: number
  simulatorRss: number
  floorRss: number | null
}

const REST = 'at rest, after start and sign-in'
const AFTER = 'after the proxy load, settled'
const SETTLE_MS = 5_000

export function sampleMemory(moment: string, pids: Pids): MemorySample {
  return {
    moment,
    nextRss: treeRss(pids.next),
    simulatorRss: treeRss(pids.simulator),
    floorRss: pids.floor === null ? null : treeRss(pids.floor),
  }
}

/** A sample after a few idle seconds. */
export async function settledMemory(moment: typeof REST | typeof AFTER, pids: Pids) {
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
  return sampleMemory(moment, pids)
}

export function memoryResult(samples: readonly MemorySample[]): SectionResult {
  const rest = samples.find((sample) => sample.moment === REST)
  const after = samples.find((sample) => sample.moment === AFTER)
  const mib = (bytes: number) => bytes / 1024 / 1024
  return {
    key: 'memory',
    tables: [
      {
        title: '6. Memory (resident set, process and its children)',
        head: ['moment', 'next start', 'simulator', 'floor (bare Next.js)'],
        rows: samples.map((sample) => [
          sample.moment,
          mb(sample.nextRss),
          mb(sample.simulatorRss),
          sample.floorRss === null ? '–' : mb(sample.floorRss),
        ]),
      },
    ],
    budgets: after
      ? [
          budget(
            'server memory after the proxy load ≤ resting size + 20%',
            mib(after.nextRss),
            '≤',
            rest ? mib(rest.nextRss) * 1.2 : Number.NaN,
            'MiB',
            rest ? `at rest ${mb(rest.nextRss)}` : undefined,
          ),
        ]
      : [],
    data: samples,
  }
}
