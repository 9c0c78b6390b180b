import 'server-only'

import { setTimeout as sleep } from 'node:timers/promises'

import type { Store } from './open'
import { getStore } from './store'

/*
 * Reads of the app's store for what anyone may poll (/api/health, the metrics): they answer while
 * the store still opens (the start-up checks ask them), and monitors polling them read the store at
 * most once per `freshMs` per process, whichever bundle asks.
 */

/** How long a check waits for a store still opening before it answers without it. */
const STORE_WAIT_MS = 1_000

/** The app's store, or null when it is not open within STORE_WAIT_MS. */
export function storeWithin(): Promise<Store | null> {
  return Promise.race([getStore().catch(() => null), sleep(STORE_WAIT_MS, null, { ref: false })])
}

type Cached<T> = { at: number; value: Promise<T | null> }
const shared = globalThis as typeof globalThis & Record<symbol, Cached<unknown> | undefined>

/**
 * `read` of the app's store, shared by every caller for `freshMs` under `key`; null when the store
 * did not open in time (or `read` answered null).
 */
export async function cachedRead<T>(
  key: symbol,
  freshMs: number,
  read: (store: Store) => Promise<T | null>,
): Promise<T | null> {
  const cached = shared[key] as Cached<T> | undefined
  if (cached && Date.now() - cached.at < freshMs) return cached.value
  const store = await storeWithin()
  if (!store) return null
  const value = read(store)
  shared[key] = { at: Date.now(), value }
  return value
}
