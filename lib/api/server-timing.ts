import 'server-only'

import { requestScope } from '@/lib/api/request-scope'
import { inSpan } from '@/lib/tracing/span'

/*
 * Where a route handler's time goes (the API's gate, the session check, the upstream call,
 * validation, projection, the audit append, serialisation), as a Server-Timing header: the
 * benchmark reads it to break one proxied request down (docs/performance.md). The timings live in
 * the API request's scope (lib/api/request-scope.ts) rather than an AsyncLocalStorage of their
 * own: one storage per request is all a read needs.
 * With tracing on (lib/tracing/span.ts), each part is also a span of the request's trace.
 */

/** Runs `task`, adding its duration to `name` for the API request being timed (if any). */
export async function timed<T>(name: string, task: () => Promise<T>): Promise<T> {
  const timings = requestScope()?.timings
  if (!timings) return inSpan(name, {}, task)
  const start = performance.now()
  try {
    return await inSpan(name, {}, task)
  } finally {
    timings.set(name, (timings.get(name) ?? 0) + performance.now() - start)
  }
}

/** The same for synchronous work (validation, projection). */
export function timedSync<T>(name: string, task: () => T): T {
  const timings = requestScope()?.timings
  if (!timings) return inSpan(name, {}, task)
  const start = performance.now()
  try {
    return inSpan(name, {}, task)
  } finally {
    timings.set(name, (timings.get(name) ?? 0) + performance.now() - start)
  }
}

export function serverTimingHeader(timings: Map<string, number>) {
  return [...timings].map(([name, ms]) => `${name};dur=${ms.toFixed(3)}`).join(', ')
}
