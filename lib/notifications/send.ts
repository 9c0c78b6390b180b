import 'server-only'

import { sql, type Kysely } from 'kysely'
import { fromKysely, type PgBoss } from 'pg-boss'

import { isOneAddress } from '@/lib/auth/allow-list'
import { runJob } from '@/lib/logging/logger'
import type { Database } from '@/lib/store/schema'

import { errorWords, sendOn } from './channels'
import { messageOf, type NotifyEvent } from './content'
import { detectEvents, nameEvents } from './detect'
import {
  CHANNEL_QUEUES,
  NOTIFY_QUEUE,
  priorityOf,
  queueOf,
  type NotifyJob,
  type RetryPolicy,
} from './queue'
import { outgoingOf, type Analysts } from './rules'
import { channelsOf, type NotifySettings } from './settings'

/*
 * The notifications table and its jobs. A message is recorded once per event, channel and recipient
 * (the table's unique key; an instance that loses the race inserts nothing), and its job is sent
 * in the same transaction, so a message is never logged without a job nor a job sent twice for one
 * noticing. Sending happens only in the job's worker, never on a request's or the mirror's path.
 */

type Db = Kysely<Database>

/** Looks for new events and records their messages; returns how many new messages were logged. */
export async function sweep(db: Db, boss: PgBoss, settings: NotifySettings, now = new Date()) {
  const events = await detectEvents(
    db,
    { dueSoonHours: settings.dueSoonHours, maxLagSeconds: settings.maxLagSeconds },
    now,
  )
  return recordEvents(db, boss, events, settings)
}

export async function recordEvents(
  db: Db,
  boss: PgBoss,
  events: readonly NotifyEvent[],
  settings: NotifySettings,
): Promise<number> {
  if (events.length === 0) return 0
  const analysts = await analystsOf(db, events)
  const channels = channelsOf(settings)
  const making = events.flatMap((event) => {
    const outgoing = outgoingOf(event, channels, analysts)
    return outgoing.length > 0 ? [{ event, outgoing }] : []
  })
  if (making.length === 0) return 0
  const named = await nameEvents(
    db,
    making.map(({ event }) => event),
  )
  const rows = making.flatMap(({ outgoing }, index) => {
    const event = named[index]!
    const { subject, body } = messageOf(event, settings.appUrl)
    return outgoing.map((out) => ({
      event_key: event.key,
      event_kind: event.kind,
      channel: out.channel,
      recipient: out.recipient,
      subject,
      body,
      case_id: event.caseId,
      status: out.channel === 'none' ? ('not_sent' as const) : ('queued' as const),
    }))
  })
  const made = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('notifications')
      .values(rows)
      .onConflict((oc) => oc.columns(['event_key', 'channel', 'recipient']).doNothing())
      .returning(['id', 'status', 'channel', 'event_kind'])
      .execute()
    for (const row of inserted) {
      if (row.status === 'queued') await enqueue(boss, row, fromKysely(trx))
    }
    return inserted
  })
  if (made.some((row) => row.status === 'queued')) wakeWorker(boss)
  return made.length
}

/** A message's job, on its channel's queue at its event's priority. */
function enqueue(
  boss: PgBoss,
  row: { id: number; channel: string; event_kind: string },
  db: ReturnType<typeof fromKysely>,
) {
  const job: NotifyJob = { id: row.id }
  return boss.send(queueOf(row.channel), job, { db, priority: priorityOf(row.event_kind) })
}

/** Each analyst's newest sign-in address and chosen e-mail events, for the events at hand. */
async function analystsOf(db: Db, events: readonly NotifyEvent[]): Promise<Analysts> {
  const ids = [...new Set(events.flatMap((event) => (event.analystId ? [event.analystId] : [])))]
  if (ids.length === 0) return { emailOf: () => null, chosenOf: () => undefined }
  const [emails, chosen] = await Promise.all([
    sql<{ analyst_id: string; email: string | null }>`
      select distinct on (analyst_id) analyst_id, viewer->>'email' as email
      from sessions where analyst_id = any(${ids}::text[])
      order by analyst_id, created_at desc`.execute(db),
    db
      .selectFrom('notify_preferences')
      .select(['analyst_id', 'email_events'])
      .where('analyst_id', 'in', ids)
      .execute(),
  ])
  // A session kept from before the claim was checked names no recipient unless it is one address.
  const emailOf = new Map(
    emails.rows.flatMap((row) =>
      row.email !== null && isOneAddress(row.email) ? [[row.analyst_id, row.email] as const] : [],
    ),
  )
  const chosenOf = new Map(chosen.map((row) => [row.analyst_id, row.email_events]))
  return {
    emailOf: (id) => emailOf.get(id) ?? null,
    chosenOf: (id) => chosenOf.get(id),
  }
}

/**
 * A try lost with its instance (a crash while sending) is claimable again after this: longer than
 * a try takes (three 10 s deadlines at most), shorter than the job's expiry, after which pg-boss
 * hands the job out again.
 */
const SENDING_STALE_MS = 45_000

/**
 * One try of one message, as its job runs it. The row is claimed first (queued or retrying →
 * sending), so a message already sent, or being sent by another instance, is not sent again. A
 * failed try is logged and rethrown, for pg-boss to retry it later; the last one leaves it failed.
 */
export async function deliver(
  db: Db,
  settings: NotifySettings,
  id: number,
  retryCount: number,
  retry: RetryPolicy,
) {
  const now = new Date()
  const claimed = await db
    .updateTable('notifications')
    .set({ status: 'sending', updated_at: now })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['queued', 'retrying']),
        eb.and([
          eb('status', '=', 'sending'),
          eb('updated_at', '<', new Date(now.getTime() - SENDING_STALE_MS)),
        ]),
      ]),
    )
    .returningAll()
    .executeTakeFirst()
  if (!claimed) return
  try {
    await sendOn(claimed, settings)
  } catch (error) {
    await db
      .updateTable('notifications')
      .set((eb) => ({
        status: retryCount >= retry.retryLimit ? 'failed' : 'retrying',
        attempts: eb('attempts', '+', 1),
        last_error: errorWords(error),
        updated_at: new Date(),
      }))
      .where('id', '=', id)
      .execute()
    throw error
  }
  await db
    .updateTable('notifications')
    .set((eb) => ({
      status: 'sent',
      attempts: eb('attempts', '+', 1),
      last_error: null,
      sent_at: new Date(),
      updated_at: new Date(),
    }))
    .where('id', '=', id)
    .execute()
}

/** Jobs a worker takes at once, and sends side by side. */
const BATCH = 10
/** Workers per channel on each instance: up to BATCH · CONCURRENCY messages of a channel in flight. */
const CONCURRENCY = 2

// This instance's workers on each queue object, woken when this instance queues a job.
const workers = new WeakMap<PgBoss, string[]>()

/**
 * The workers fetch at once when this instance has just queued a job (after its transaction
 * committed); otherwise each looks every WORKER_POLL_SECONDS, for retries coming due and for jobs
 * another instance queued. They used to look every 2 s, which kept an idle embedded store busy
 * (docs/operations.md#watching-it).
 */
function wakeWorker(boss: PgBoss) {
  for (const id of workers.get(boss) ?? []) boss.notifyWorker(id)
}

/** How often an idle worker looks for jobs it was not woken for. */
export const WORKER_POLL_SECONDS = 30

/**
 * Starts this instance's workers: CONCURRENCY per channel, each on its channel's queue (a channel
 * that hangs holds only its own workers), each taking up to BATCH jobs, highest priority first, and
 * sending them side by side, each settled on its own (a failed one is retried alone). A worker
 * is woken when this instance queues a job and looks every `pollSeconds` otherwise (the unit tests
 * poll at pg-boss's shortest, half a second), and fetches again at once while its batches come
 * full, so a burst drains at the channels' pace. The queue of before #54 keeps one worker for its
 * leftover jobs.
 */
export async function startWorker(
  db: Db,
  boss: PgBoss,
  settings: NotifySettings,
  retry: RetryPolicy,
  pollSeconds = WORKER_POLL_SECONDS,
) {
  // One `job` line per delivery try (lib/logging/logger.ts); how it went is the log's status.
  const attempt = (job: { name: string; data: NotifyJob; retryCount: number }) =>
    runJob(
      'notify.deliver',
      () => deliver(db, settings, job.data.id, job.retryCount, retry),
      () => ({ queue: job.name, attempt: job.retryCount + 1 }),
    )
  const send = async (job: { id: string; name: string; data: NotifyJob; retryCount: number }) => {
    try {
      await attempt(job)
      return { id: job.id, status: 'completed' as const }
    } catch (error) {
      return { id: job.id, status: 'failed' as const, output: { error: errorWords(error) } }
    }
  }
  const ids: string[] = []
  for (const queue of Object.values(CHANNEL_QUEUES)) {
    ids.push(
      await boss.work<NotifyJob>(
        queue,
        {
          batchSize: BATCH,
          localConcurrency: CONCURRENCY,
          pollingIntervalSeconds: pollSeconds,
          burstWhenBatchFull: true,
          perJobResults: true,
        },
        (jobs) => Promise.all(jobs.map(send)),
      ),
    )
  }
  ids.push(
    await boss.work<NotifyJob>(
      NOTIFY_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: pollSeconds },
      async ([job]) => {
        if (!job) return
        // One job a fetch: after one, the next is fetched at once, until a fetch finds none.
        await attempt(job).finally(() => wakeWorker(boss))
      },
    ),
  )
  workers.set(boss, ids)
}
/**
 * "Send again" on the log: a sent or failed message is queued anew with a new job. Returns false
 * when there is nothing to send (no channel was configured for it, or it is on its way already).
 */
export async function sendAgain(db: Db, boss: PgBoss, id: number): Promise<boolean> {
  const queued = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('notifications')
      .set({ status: 'queued', last_error: null, updated_at: new Date() })
      .where('id', '=', id)
      .where('status', 'in', ['sent', 'failed'])
      .returning(['id', 'channel', 'event_kind'])
      .executeTakeFirst()
    if (!row) return false
    await enqueue(boss, row, fromKysely(trx))
    return true
  })
  if (queued) wakeWorker(boss)
  return queued
}
