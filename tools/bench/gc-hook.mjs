import { writeFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { getHeapSpaceStatistics } from 'node:v8'

/*
 * Loaded only by the bench into its own `next start` (node --expose-gc --import this file, from
 * tools/bench/processes.ts): nothing of it is in the app or its build, so no production server
 * has it. On SIGUSR2 it collects garbage in full and writes the process's memory to
 * $BENCH_GC_FILE, for the bench to compare live heaps rather than what V8 has not yet collected.
 */

/** Collections at most, each after the tasks the one before it let run. */
const MAX_COLLECTIONS = 20

const file = process.env.BENCH_GC_FILE
if (file && typeof globalThis.gc === 'function') {
  const collect = globalThis.gc
  process.on('SIGUSR2', () => void settle().then(write))

  // A request leaves its objects held by FinalizationRegistry entries (undici's Request keeps its
  // signal, and through its listeners the request and response, until its controller is
  // collected). V8 runs those cleanups in a task after a collection, and each one lets the next
  // collection free a layer more: collect until the heap has not shrunk twice running, with the
  // tasks running between.
  //
  // Last, one collection that reduces the heap's footprint, as V8's memory reducer makes on its
  // own 8 s into idle: V8 keeps the pages a plain collection empties in a pool for reuse, resident
  // but counted in no heap figure. After the bench's load they were some 400 MB of the resident
  // size, and an idle server handed them back within 10–25 s (29 Nov).
  async function settle() {
    let used = Infinity
    let still = 0
    for (let round = 0; round < MAX_COLLECTIONS && still < 2; round++) {
      collect()
      await sleep(50)
      const now = process.memoryUsage().heapUsed
      still = now > used * 0.995 ? still + 1 : 0
      used = Math.min(used, now)
    }
    collect({ type: 'major', execution: 'sync', flavor: 'last-resort' })
    await sleep(50)
  }

  function write() {
    const usage = process.memoryUsage()
    // Where the live heap is, to tell what grew: machine code is in the code space; objects,
    // bytecode and type feedback are in the old space.
    const spaces = Object.fromEntries(
      getHeapSpaceStatistics().map((space) => [space.space_name, space.space_used_size]),
    )
    writeFileSync(file, JSON.stringify({ at: Date.now(), ...usage, spaces }))
  }
}
