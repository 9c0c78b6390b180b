import 'server-only'

import type pg from 'pg'
import { PgBoss, type Db as IDatabase } from 'pg-boss'

import type { StatementRunner, Store } from '@/lib/store/open'

/*
 * The notifications' jobs, in pg-boss (its tables in the schema `pgboss`, made and migrated by
 * pg-boss at start), on both stores: pg-boss supports PGlite (backend `pglite`), and it is given
 * the store's own connections, so on the embedded store it shares the one connection (in turn with
 * every other query) rather than opening PGlite behind the pool's back. A job is fetched with
 * `for update skip locked`, so one instance gets it; a failed try comes back after
 * retryDelay · 2^n seconds (pg-boss's backoff, with jitter) until retryLimit, then stays failed.
 *
 * Each channel has its own queue and workers (outbox.ts `startWorker`), so a channel that fails or
 * hangs delays only its own messages; within a queue pg-boss fetches the highest priority first,
 * and the team's alerts (a new High-risk case, the mirror degraded) outrank routine messages.
 */

/** The one queue of every channel before #54: its leftover jobs are still worked. */
export const NOTIFY_QUEUE = 'verity-notify'

/** One queue per channel that sends. */
export const CHANNEL_QUEUES = {
  email: 'verity-notify-email',
  slack: 'verity-notify-slack',
  webhook: 'verity-notify-webhook',
} as const

export type SendingChannel = keyof typeof CHANNEL_QUEUES

export function queueOf(channel: string): string {
  if (!Object.hasOwn(CHANNEL_QUEUES, channel)) throw new Error(`no queue for channel ${channel}`)
  return CHANNEL_QUEUES[channel as SendingChannel]
}

/** Events the team must hear of first: each channel sends them before any routine message. */
const TEAM_ALERTS: ReadonlySet<string> = new Set(['high_case', 'mirror_degraded'])

/** pg-boss's priority of a message's job: higher is fetched first. */
export function priorityOf(eventKind: string): number {
  return TEAM_ALERTS.has(eventKind) ? 10 : 0
}

export type RetryPolicy = { retryLimit: number; retryDelay: number }

/** 5 s, 10 s, 20 s, 40 s, 80 s (with jitter): a channel down for a few minutes loses nothing. */
export const DEFAULT_RETRY: RetryPolicy = { retryLimit: 5, retryDelay: 5 }

/** A sending try longer than this is taken as lost, and the job is tried again. */
const EXPIRE_SECONDS = 60

export type NotifyJob = { id: number }

const UNIQUE_VIOLATION = '23505'

/** pg-boss's view of the store: every statement's rows (its maintenance sends several at once). */
function storeDatabase(query: StatementRunner): IDatabase {
  return {
    async executeSql(text, values) {
      type Result = pg.QueryResult<Record<string, unknown>>
      const result = (await query({ text, values })) as Result | Result[]
      return Array.isArray(result)
        ? { rows: result.flatMap((one) => one.rows ?? []) }
        : { rows: result.rows }
    },
  }
}

/**
 * How often a worker for rare jobs (the daily retention run, the weekly QA draw) looks for one it
 * was not woken for. pg-boss's default, every 2 s, kept an idle embedded store busy for nothing.
 */
export const RARE_JOB_POLL_SECONDS = 60

export async function startQueue(store: Store, retry: RetryPolicy = DEFAULT_RETRY) {
  const boss = new PgBoss({
    db: storeDatabase(store.query),
    backend: store.kind === 'embedded' ? 'pglite' : 'postgres',
    schema: 'pgboss',
    // No cron schedules are used: their clock checks would only take the embedded connection.
    schedule: false,
    // Nor jobs that wait for other jobs: pg-boss's look for them (every 5 s by default, three
    // statements each) would be most of what an idle store does.
    flowIntervalSeconds: 600,
  })
  boss.on('error', (error: unknown) =>
    console.warn(
      JSON.stringify({
        level: 'warn',
        msg: 'notifications: job queue',
        error: error instanceof Error ? error.message : String(error),
      }),
    ),
  )
  try {
    await boss.start()
  } catch (error) {
    // Two instances installing pg-boss's schema at once: both hold its advisory lock in turn, but
    // the second's catalog lookup predates the first's commit (an advisory lock does not refresh
    // it), so it fails on a duplicate key rather than finding the schema. It is there now.
    if ((error as { code?: unknown }).code !== UNIQUE_VIOLATION) throw error
    await boss.start()
  }
  // Idempotent: instances starting together both ask.
  for (const name of [NOTIFY_QUEUE, ...Object.values(CHANNEL_QUEUES)]) {
    await boss.createQueue(name, {
      retryLimit: retry.retryLimit,
      retryDelay: retry.retryDelay,
      retryBackoff: true,
      expireInSeconds: EXPIRE_SECONDS,
    })
  }
  return boss
}
