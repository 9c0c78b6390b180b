import 'server-only'

import { AsyncLocalStorage } from 'node:async_hooks'

/*
 * Where a route handler's time goes (the API's gate, the session check, the upstream call,
 * validation, projection, the audit append, serialisation), as a Server-Timing header: the
 * benchmark reads it to break one proxied request down (docs/performance.md).
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

/** The same for synchronous work (validation, projection). */
export function timedSync<T>(name: string, task: () => T): T {
  const timings = storage.getStore()
  if (!timings) return task()
  const start = performance.now()
  try {
    return task()
  } finally {
    timings.set(name, (timings.get(name) ?? 0) + performance.now() - start)
  }
}

/** Runs a handler with timing on; resolves to its result and the header value. */
export async function withServerTiming<T>(handler: () => Promise<T>) {
  const timings = new Map<string, number>()
  const result = await storage.run(timings, handler)
  return { result, timings }
}

export function serverTimingHeader(timings: Map<string, number>) {
  return [...timings].map(([name, ms]) => `${name};dur=${ms.toFixed(3)}`).join(', ')
}
