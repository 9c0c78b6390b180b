import 'server-only'

import { setTimeout as sleep } from 'node:timers/promises'

import { getEnv } from '@/lib/env'

import { openStore, storeConfig, type Store } from './open'

/*
 * The store of this server process, opened once. Kept on globalThis because the server loads
 * modules once per bundle (routes, proxy, instrumentation), and they must all share one pool and,
 * embedded, the one database instance that may use the data directory.
 */

const KEY = Symbol.for('verity.store')
const shared = globalThis as typeof globalThis & { [KEY]?: Promise<Store> }

export function getStore(): Promise<Store> {
  return (shared[KEY] ??= openStore(storeConfig(getEnv())))
}

/** Longer than a clean close takes; a stop is not held up by a store that does not answer. */
const CLOSE_LIMIT_MS = 5_000

/*
 * On SIGTERM or SIGINT, Next.js closes its server, lets the requests under way finish, and ends
 * the process with process.exit. An embedded store left open then replays its write-ahead log at
 * the next start (seconds on a restart, growing with what the instance wrote since it started;
 * measured on 26 Nov), so that exit is made to close the store first. Next.js
 * offers no hook after its server has closed, hence the wrapped exit.
 */
export function closeStoreBeforeExit() {
  const onSignal = () => {
    const exit = process.exit.bind(process)
    process.exit = ((code?: number) => {
      const closing = shared[KEY]?.then((store) => store.close()) ?? Promise.resolve()
      void Promise.race([closing, sleep(CLOSE_LIMIT_MS)])
        .catch(() => undefined)
        .finally(() => exit(code))
    }) as typeof process.exit
  }
  process.once('SIGTERM', onSignal)
  process.once('SIGINT', onSignal)
}
