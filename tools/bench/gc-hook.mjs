import { writeFileSync } from 'node:fs'
import { getHeapSpaceStatistics } from 'node:v8'

/*
 * Loaded only by the bench into its own `next start` (node --expose-gc --import this file, from
 * tools/bench/processes.ts): nothing of it is in the app or its build, so no production server
 * has it. On SIGUSR2 it collects garbage in full and writes the process's memory to
 * $BENCH_GC_FILE, for the bench to compare live heaps rather than what V8 has not yet collected.
 */

const file = process.env.BENCH_GC_FILE
if (file && typeof globalThis.gc === 'function') {
  const collect = globalThis.gc
  process.on('SIGUSR2', () => {
    // Twice, a turn apart: what the first frees may let finalizers release more.
    collect()
    setImmediate(() => {
      collect()
      const usage = process.memoryUsage()
      // Where the live heap is, to tell what grew: machine code is in the code space; objects,
      // bytecode and type feedback are in the old space.
      const spaces = Object.fromEntries(
        getHeapSpaceStatistics().map((space) => [space.space_name, space.space_used_size]),
      )
      writeFileSync(file, JSON.stringify({ at: Date.now(), ...usage, spaces }))
    })
  })
}
