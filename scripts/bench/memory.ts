import { treeRss } from '@/scripts/bench/processes'
import { budget, mb, type SectionResult } from '@/scripts/bench/report'

/*
 * Server memory: resident set of `next start` (and of the simulator, for scale) at moments of the
 * run. The budget compares the size once the proxy load is over and the server has had a few
 * seconds to collect garbage with its resting size (started, signed in, each route served once).
 */

export type MemorySample = { moment: string; nextRss: number; simulatorRss: number }

const REST = 'at rest, after start and sign-in'
const AFTER = 'after the proxy load, settled'
const SETTLE_MS = 5_000

export function sampleMemory(moment: string, nextPid: number, simulatorPid: number): MemorySample {
  return { moment, nextRss: treeRss(nextPid), simulatorRss: treeRss(simulatorPid) }
}

/** A sample after a few idle seconds. */
export async function settledMemory(
  moment: typeof REST | typeof AFTER,
  nextPid: number,
  simulatorPid: number,
) {
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
  return sampleMemory(moment, nextPid, simulatorPid)
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
        head: ['moment', 'next start', 'simulator'],
        rows: samples.map((sample) => [sample.moment, mb(sample.nextRss), mb(sample.simulatorRss)]),
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
