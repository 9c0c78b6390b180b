import 'server-only'

import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import { setImmediate as yieldNow, setTimeout as sleep } from 'node:timers/promises'

import type { Kysely } from 'kysely'

import { escalateOverdue } from '@/lib/cases/escalate'
import { runJob } from '@/lib/logging/logger'
import type { Database } from '@/lib/store/schema'
import { UpstreamError } from '@/lib/upstream/errors'

import { releaseLease, takeLease } from './lease'
import { mirrorLog } from './log'
import type { MirrorSettings } from './settings'
import { LeaseLostError, deleteOlderThan, readState, forgetCursor, recordError } from './state'
import { backfillPage, overlap, poll, retrySetAside, settle, type SyncContext } from './sync'

/** Every this many polls, the newest pages are re-read (see overlap in sync.ts). */
const OVERLAP_EVERY = 10
/** Every this many polls, the retention deletes what has grown too old. */
const RETENTION_EVERY = 60
const MAX_BACKOFF_MS = 60_000

class StoppedError extends Error {
  override readonly name = 'StoppedError'
}

export type MirrorRunner = {
  readonly holder: string
  /** Stops after the current page and gives the lease up. */
  stop: () => Promise<void>
}

/** A name for this instance in the lease: host, process and a random part for restarts. */
export function newHolder(): string {
  return `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`
}

/** The cases' periodic duty, run by the lease holder; a failure is logged, never stops the sync. */
async function escalate(db: Kysely<Database>) {
  try {
    const escalated = await escalateOverdue(db)
    if (escalated.length > 0) mirrorLog('info', 'cases escalated', { cases: escalated.length })
  } catch (error) {
    mirrorLog('warn', 'case escalation failed', {
      error: error instanceof Error ? error.message : 'unknown',
    })
  }
}

/**
 * The sync loop of one instance: while it holds the lease, it backfills page by page, polls every
 * pollSeconds (and finishes an interrupted poll first) and escalates overdue cases after it (when
 * CASE_ESCALATE is on), re-reads an overlap every tenth poll and
 * applies the retention; without the lease it waits and tries again. One upstream request at a
 * time, a yield between pages, and a failed read waits out Retry-After or backs off.
 */
export function runMirror(db: Kysely<Database>, settings: MirrorSettings): MirrorRunner {
  const holder = newHolder()
  const renewMs = (settings.leaseSeconds * 1_000) / 3
  const stopping = new AbortController()
  let holding = false
  let leaseDue = 0

  const renew = async () => {
    const had = holding
    holding = await takeLease(db, holder, settings.leaseSeconds)
    leaseDue = Date.now() + renewMs
    if (holding !== had)
      mirrorLog('info', holding ? 'sync lease taken' : 'sync lease lost', { holder })
  }
  const context: SyncContext = {
    db,
    holder,
    pageSize: settings.pageSize,
    recordCap: settings.recordCap,
    retentionDays: settings.retentionDays,
    between: async () => {
      await yieldNow()
      if (stopping.signal.aborted) throw new StoppedError()
      if (Date.now() >= leaseDue) await renew()
      if (!holding) throw new LeaseLostError('the sync lease was lost')
    },
  }
  const wait = (ms: number) =>
    sleep(Math.max(0, ms), undefined, { signal: stopping.signal }).catch(() => undefined)

  const loop = async () => {
    let nextPoll = 0
    let polls = 0
    let failures = 0
    while (!stopping.signal.aborted) {
      try {
        if (Date.now() >= leaseDue) await renew()
        if (!holding) {
          await wait(leaseDue - Date.now())
          continue
        }
        const state = await readState(db)
        if (state.poll_cursor !== null || (Date.now() >= nextPoll && state.backfill_started_at)) {
          await runJob('history.poll', () => poll(context))
          nextPoll = Date.now() + settings.pollSeconds * 1_000
          polls++
          await escalate(db)
          if (polls % OVERLAP_EVERY === 0) {
            await overlap(context)
            await retrySetAside(context)
          }
          if (settings.retentionDays !== undefined && polls % RETENTION_EVERY === 1) {
            const deleted = await deleteOlderThan(db, holder, settings.retentionDays)
            if (deleted > 0) mirrorLog('info', 'retention deleted old records', { deleted })
          }
        } else if (!state.backfill_done) {
          await runJob('history.backfill', () => backfillPage(context))
        } else {
          await wait(Math.min(nextPoll, leaseDue) - Date.now())
        }
        failures = 0
        await context.between()
      } catch (error) {
        if (error instanceof StoppedError) break
        if (error instanceof LeaseLostError) {
          holding = false
          leaseDue = 0
          mirrorLog('info', 'sync lease lost', { holder })
          continue
        }
        failures++
        await failed(db, holder, error, holding)
        await wait(backoff(error, failures))
      }
    }
    // A stop between backfill pages leaves the last page's audit running.
    await settle(context).catch((error: unknown) => failed(db, holder, error, holding))
  }

  const done = loop()
  return {
    holder,
    stop: async () => {
      stopping.abort()
      await done
      if (holding) await releaseLease(db, holder).catch(() => undefined)
    },
  }
}

/**
 * One pass for operators (`npm run history:sync -- --once`): the backfill to its end, then a poll.
 * Refuses when another instance holds the lease.
 */
export async function runOnce(
  db: Kysely<Database>,
  settings: MirrorSettings,
): Promise<{ ok: true } | { ok: false; holder: string }> {
  const holder = newHolder()
  if (!(await takeLease(db, holder, settings.leaseSeconds))) {
    const row = await db.selectFrom('history_sync_lease').select('holder').executeTakeFirst()
    return { ok: false, holder: row?.holder ?? 'another instance' }
  }
  let leaseDue = Date.now() + (settings.leaseSeconds * 1_000) / 3
  const context: SyncContext = {
    db,
    holder,
    pageSize: settings.pageSize,
    recordCap: settings.recordCap,
    retentionDays: settings.retentionDays,
    between: async () => {
      await yieldNow()
      if (Date.now() < leaseDue) return
      if (!(await takeLease(db, holder, settings.leaseSeconds))) {
        throw new LeaseLostError('the sync lease was lost')
      }
      leaseDue = Date.now() + (settings.leaseSeconds * 1_000) / 3
    },
  }
  try {
    try {
      while (await backfillPage(context)) await context.between()
    } finally {
      await settle(context)
    }
    await poll(context)
    if (settings.retentionDays !== undefined) {
      await deleteOlderThan(db, holder, settings.retentionDays)
    }
    return { ok: true }
  } finally {
    await releaseLease(db, holder)
  }
}

async function failed(db: Kysely<Database>, holder: string, error: unknown, holding: boolean) {
  const message = error instanceof Error ? error.message : String(error)
  mirrorLog('warn', 'sync failed', {
    kind: error instanceof UpstreamError ? error.kind : 'error',
    error: message,
  })
  if (!holding) return
  await recordError(db, holder, message).catch(() => undefined)
  if (error instanceof UpstreamError && error.kind === 'not_found') {
    await forgetCursor(db, holder).catch(() => undefined)
  }
}

/** Retry-After (or the circuit's pause) when the upstream gave one, else 1 s doubling to a minute. */
function backoff(error: unknown, failures: number): number {
  if (error instanceof UpstreamError && error.retryAfterSeconds !== undefined) {
    return error.retryAfterSeconds * 1_000
  }
  return Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** (failures - 1))
}
