import 'server-only'

import type { KeyObject } from 'node:crypto'

import { appAuditKey } from '@/lib/audit/app-trail'
import { getEnv } from '@/lib/env'
import { storeConfig } from '@/lib/store/open'
import { getStore } from '@/lib/store/store'

import { loadSigningKey, writePublicKeyFile } from './signing-key'

/* This server's signing key, loaded once per process (kept on globalThis, as the store). */

const KEY = Symbol.for('verity.evidence-signing-key')
const shared = globalThis as typeof globalThis & { [KEY]?: Promise<KeyObject> }

export function appSigningKey(): Promise<KeyObject> {
  const loading = (shared[KEY] ??= (async () => {
    const env = getEnv()
    const store = await getStore()
    const key = await loadSigningKey(store.db, env, appAuditKey())
    if (store.kind === 'embedded') writePublicKeyFile(storeConfig(env).dataDir, key)
    return key
  })())
  // A failed load (the store was down) is tried again by the next pack.
  loading.catch(() => {
    if (shared[KEY] === loading) delete shared[KEY]
  })
  return loading
}
