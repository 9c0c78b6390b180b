import 'server-only'

import { getEnv } from '@/lib/env'
import { measuredAppend } from '@/lib/metrics/audit'
import { storeConfig } from '@/lib/store/open'
import { getStore } from '@/lib/store/store'

import type { AppendedRecord, AuditRecord } from './chain'
import { auditKey } from './key'
import { startSequencer, type Sequencer } from './sequencer'
import { createAuditWriter, sealGenesis, type AuditWriter } from './trail'

/*
 * The audit trail of this server process: its key, one writer on the process's store, and its
 * sequencer (sequencer.ts), nudged by each write. Every committed row is also written as one JSON
 * line to standard output as it commits, before it is sealed (with its id and its writer's number,
 * so the shipped copy shows a row later missing from the store), for log shippers, unless
 * AUDIT_STDOUT=off. Kept on globalThis for the same reason as the store (one per process, not per
 * bundle).
 */

const KEY = Symbol.for('verity.audit-trail')
type AppTrail = { key: Uint8Array; writer: AuditWriter; sequencer: Sequencer }
const shared = globalThis as typeof globalThis & { [KEY]?: Promise<AppTrail> }

export function appAuditKey() {
  const env = getEnv()
  return auditKey(env, storeConfig(env).dataDir).key
}

export function appTrail(): Promise<AppTrail> {
  return (shared[KEY] ??= (async () => {
    const store = await getStore()
    const key = appAuditKey()
    const { AUDIT_STDOUT, AUDIT_SEAL_MS } = getEnv()
    await sealGenesis(store.db, key)
    const echo = AUDIT_STDOUT
      ? (records: (AppendedRecord | AuditRecord)[]) =>
          process.stdout.write(
            records.map((record) => `${JSON.stringify({ log: 'audit', ...record })}\n`).join(''),
          )
      : undefined
    const sequencer = startSequencer(store, key, {
      sealMs: AUDIT_SEAL_MS,
      // Rows of an instance that stopped before sealing them are another's to seal, in time.
      sweepMs: store.kind === 'postgres' ? AUDIT_SEAL_MS * 5 : undefined,
    })
    store.onClose(() => sequencer.stop())
    const writer = createAuditWriter(store, key, { echo, appended: sequencer.nudge })
    // Each append measured (lib/metrics/audit.ts): the rows' count, their wait, a span.
    const measured: AuditWriter = {
      append: (entry) => measuredAppend(() => writer.append(entry)),
      appendMade: (make) => measuredAppend(() => writer.appendMade(make)),
    }
    return { key, writer: measured, sequencer }
  })())
}

/** Seals every audit row committed so far (for a reader that names rows by their place). */
export async function sealAppTrail() {
  const { sequencer } = await appTrail()
  await sequencer.sealNow()
}
