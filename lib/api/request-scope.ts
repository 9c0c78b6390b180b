import 'server-only'

import { AsyncLocalStorage } from 'node:async_hooks'

import type { Viewer } from '@/lib/auth/viewer'

/*
 * What the API route wrapper (lib/api/gate.ts) settled for the request it runs, since proxy.ts
 * does not run for /api/: the server's request id, the client's own id, the session's viewer and
 * the request's timings, how long settling took first. It lives in process memory only, so nothing a client sends can stand in
 * for it; the audit trail and the data layer read it instead of request headers.
 */

export type RequestScope = {
  requestId: string
  clientRequestId?: string
  viewer: Viewer
  /** Server-Timing's parts so far (lib/api/server-timing.ts), the gate's own first. */
  timings: Map<string, number>
}

// One for the process, whichever bundle asks (as for the store).
const KEY = Symbol.for('verity.request-scope')
const shared = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<RequestScope> }
const storage = (shared[KEY] ??= new AsyncLocalStorage<RequestScope>())

export function requestScope(): RequestScope | undefined {
  return storage.getStore()
}

export function inRequestScope<T>(scope: RequestScope, run: () => T): T {
  return storage.run(scope, run)
}
