import 'server-only'

import { AsyncLocalStorage } from 'node:async_hooks'

/*
 * Where a route handler's time goes (the upstream read, the audit append), as a Server-Timing
 * header: the benchmark reads it to report the audit append's share of the proxied route.
 */

const storage = new AsyncLocalStorage<Map<string, number>>()

/** Runs `task`, adding its duration to `name` for the request being timed (if any). */
export async function timed<T>(name: string, task: () => Promise<T>): Promise<T> {
  const timings = storage.getStore()
  if (!timings) return task()
  const start = performance.now()
  try {
    return await task()
  } finally {
    timings.set(name, (timings.get(name) ?? 0) + performance.now() - start)
  }
}

/** Runs a handler with timing on; resolves to its result and the header value. */
export async function withServerTiming<T>(handler: () => Promise<T>) {
  const timings = new Map<string, number>()
  const result = await storage.run(timings, handler)
  const header = [...timings].map(([name, ms]) => `${name};dur=${ms.toFixed(3)}`).join(', ')
  return { result, header }
}
