import 'server-only'

import type { PgBoss } from 'pg-boss'

import { runJob } from '@/lib/logging/logger'
import { getStore } from '@/lib/store/store'

import { DEFAULT_RETRY, startQueue } from './queue'
import { startWorker, sweep } from './send'
import { notifySettings } from './settings'

/*
 * Notifications on this instance: the job queue, a worker, and a look for new events every
 * NOTIFY_SWEEP_SECONDS. Every instance runs all three; the log's unique key and the queue's
 * locking make each message once. Started in the background after the store opens: nothing here is
 * on a request's path, and a channel that fails or hangs delays only its own job.
 */

const KEY = Symbol.for('verity.notify')
const shared = globalThis as typeof globalThis & { [KEY]?: Promise<PgBoss> }

/** The process's queue, once started (the log's "send again" enqueues through it). */
export function notifyQueue(): Promise<PgBoss> {
  // A start that failed is not kept: the next caller tries again.
  return (shared[KEY] ??= getStore()
    .then((store) => startQueue(store))
    .catch((error: unknown) => {
      delete shared[KEY]
      throw error
    }))
}

export async function startNotifications() {
  const settings = notifySettings()
  const { db } = await getStore()
  const boss = await notifyQueue()
  await startWorker(db, boss, settings, DEFAULT_RETRY)
  let running = false
  const look = async () => {
    if (running) return
    running = true
    try {
      await runJob(
        'notify.sweep',
        () => sweep(db, boss, settings),
        (messages) => ({ messages }),
      )
    } catch {
      // Said in runJob's line; the next look tries again.
    } finally {
      running = false
    }
  }
  void look()
  setInterval(() => void look(), settings.sweepSeconds * 1_000).unref()
}
