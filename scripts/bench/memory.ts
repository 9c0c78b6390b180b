import { treeRss } from '@/scripts/bench/processes'
import { mb, type SectionResult } from '@/scripts/bench/report'

/* Server memory: resident set of `next start` (and of the simulator, for scale) at moments of the run. */

export type MemorySample = { moment: string; nextRss: number; simulatorRss: number }

export function sampleMemory(moment: string, nextPid: number, simulatorPid: number): MemorySample {
  return { moment, nextRss: treeRss(nextPid), simulatorRss: treeRss(simulatorPid) }
}

export function memoryResult(samples: readonly MemorySample[]): SectionResult {
  return {
    key: 'memory',
    tables: [
      {
        title: '6. Memory (resident set, process and its children)',
        head: ['moment', 'next start', 'simulator'],
        rows: samples.map((sample) => [sample.moment, mb(sample.nextRss), mb(sample.simulatorRss)]),
      },
    ],
    budgets: [],
    data: samples,
  }
}
