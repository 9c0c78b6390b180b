import 'server-only'

import { createHash } from 'node:crypto'

import { SYSTEM_ACTOR } from '@/lib/cases/system-actor'
import { RARE_JOB_POLL_SECONDS } from '@/lib/notifications/queue'
import { notifyQueue } from '@/lib/notifications/start'
import { getStore } from '@/lib/store/store'

import { runRetention } from './run'
import { retentionSettings, type RetentionSettings } from './settings'

/*
 * The daily retention run, in pg-boss (the process's queue, which notifications started): every
 * instance, once a minute, asks for the day's job once RETENTION_RUN_AT has passed, under an id
 * made from the day, so the job is created once however many instances ask (pg-boss inserts with
 * `on conflict do nothing`), and fetched by one of them (`for update skip locked`). Each applicant
 * is erased once even if two runs met (lib/retention/erase.ts).
 */

export const RETENTION_QUEUE = 'verity-retention'

const LOOK_EVERY_MS = 60_000

/** The job's id for a day: a UUID (version 4 bits set) from its SHA-256. */
export function dayJobId(day: string): string {
  const hex = createHash('sha256').update(`verity-retention ${day}`).digest('hex')
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/** The day whose run is due at `now`, or null before today's RETENTION_RUN_AT. */
export function dayDue(now: Date, runAt: string): string | null {
  const day = now.toISOString().slice(0, 10)
  return now.toISOString().slice(11, 16) >= runAt ? day : null
}

export async function startRetention(settings: RetentionSettings = retentionSettings()) {
  const { db } = await getStore()
  const boss = await notifyQueue()
  await boss.createQueue(RETENTION_QUEUE, {
    retryLimit: 3,
    retryDelay: 600,
    // A run over a million-record store takes minutes; one stopped mid-way resumes on retry.
    expireInSeconds: 4 * 3_600,
  })
  await boss.work(
    RETENTION_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: RARE_JOB_POLL_SECONDS },
    async () => {
      const result = await runRetention(db, settings, {
        trigger: 'job',
        dryRun: false,
        actor: SYSTEM_ACTOR,
      })
      console.log(
        JSON.stringify({
          level: 'info',
          msg: 'retention: run done',
          run: result.runId,
          due: result.due.length,
          held: result.held.length,
          erased: result.erased.length,
        }),
      )
    },
  )
  const look = async () => {
    const day = dayDue(new Date(), settings.runAt)
    if (day) await boss.send(RETENTION_QUEUE, { day }, { id: dayJobId(day) })
  }
  const lookLogged = () =>
    look().catch((error: unknown) =>
      console.warn(
        JSON.stringify({
          level: 'warn',
          msg: 'retention: scheduling the run failed',
          error: error instanceof Error ? error.message : String(error),
        }),
      ),
    )
  void lookLogged()
  setInterval(() => void lookLogged(), LOOK_EVERY_MS).unref()
}
