import 'server-only'

import type { PgBoss } from 'pg-boss'

import { SYSTEM_ACTOR } from '@/lib/cases/system-actor'
import { RARE_JOB_POLL_SECONDS } from '@/lib/notifications/queue'
import { notifyQueue } from '@/lib/notifications/start'
import { getStore } from '@/lib/store/store'

import { drawQa } from './draws'
import type { QaPeriod } from './requests'
import { qaRule } from './service'

/*
 * The weekly QA draw, a pg-boss job on the notifications' queue runner: every instance asks each
 * hour for last week's draw (Monday to Sunday, UTC) under one singleton key, and whichever
 * instance's worker takes the job draws it; the draws' unique index keeps it to one per week even
 * if two ran. Drawn by Verity, audited like a lead's.
 */

export const QA_QUEUE = 'verity-qa-draw'
const HOUR = 3_600_000
const DAY = 86_400_000

/** The last whole week before `now`: Monday to Sunday, UTC. */
export function lastWeek(now: Date): QaPeriod {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  const sinceMonday = (new Date(today).getUTCDay() + 6) % 7
  const monday = today - (sinceMonday + 7) * DAY
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
  return { from: day(monday), to: day(monday + 6 * DAY) }
}

/**
 * The draw's worker on `boss`, and how to ask for last week's draw. The worker is woken when this
 * instance's ask makes a new job, and otherwise looks once a minute, for one another instance
 * asked (RARE_JOB_POLL_SECONDS).
 */
export async function startQaDraws(boss: PgBoss) {
  await boss.createQueue(QA_QUEUE, { policy: 'short' })
  const worker = await boss.work<QaPeriod>(
    QA_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: RARE_JOB_POLL_SECONDS },
    async ([job]) => {
      if (!job) return
      const { db } = await getStore()
      await drawQa(db, SYSTEM_ACTOR, job.data, 'weekly', qaRule())
    },
  )
  return async function askForLastWeek() {
    const week = lastWeek(new Date())
    const made = await boss.send(QA_QUEUE, week, { singletonKey: `qa-week-${week.from}` })
    if (made) boss.notifyWorker(worker)
  }
}

export async function startWeeklyQa() {
  const askForLastWeek = await startQaDraws(await notifyQueue())
  const ask = () =>
    askForLastWeek().catch((error: unknown) =>
      console.warn(
        JSON.stringify({
          level: 'warn',
          msg: 'qa: asking for the weekly draw failed',
          error: error instanceof Error ? error.message : String(error),
        }),
      ),
    )
  void ask()
  setInterval(() => void ask(), HOUR).unref()
}
