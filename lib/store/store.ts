import 'server-only'

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
