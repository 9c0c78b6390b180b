import 'server-only'

import { getEnv } from '@/lib/env'
import { measuredAppend } from '@/lib/metrics/audit'
import { storeConfig } from '@/lib/store/open'
import { getStore } from '@/lib/store/store'

import type { AuditRecord } from './chain'
import { auditKey } from './key'
import { createAuditWriter, sealGenesis, type AuditWriter } from './trail'

/*
 * The audit trail of this server process: its key, and one writer on the process's store. Every
 * committed row is also written as one JSON line to standard output, for log shippers, unless
 * AUDIT_STDOUT=off. Kept on globalThis for the same reason as the store (one per process, not per
 * bundle).
 */

const KEY = Symbol.for('verity.audit-trail')
type AppTrail = { key: Uint8Array; writer: AuditWriter }
const shared = globalThis as typeof globalThis & { [KEY]?: Promise<AppTrail> }

export function appAuditKey() {
  const env = getEnv()
  return auditKey(env, storeConfig(env).dataDir).key
}

export function appTrail(): Promise<AppTrail> {
  return (shared[KEY] ??= (async () => {
    const store = await getStore()
    const key = appAuditKey()
    await sealGenesis(store.db, key)
    const echo = getEnv().AUDIT_STDOUT
      ? (records: AuditRecord[]) =>
          process.stdout.write(records.map((record) => `${JSON.stringify(record)}\n`).join(''))
      : undefined
    const writer = createAuditWriter(store, key, echo)
    // Each append measured (lib/metrics/audit.ts): the rows' count, their wait, a span.
    const measured: AuditWriter = {
      append: (entry) => measuredAppend(() => writer.append(entry)),
      appendMade: (make) => measuredAppend(() => writer.appendMade(make)),
    }
    return { key, writer: measured }
  })())
}
