import { setTimeout as sleep } from 'node:timers/promises'

import type { PgBoss } from 'pg-boss'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startWorker, sweep } from '@/lib/notifications/send'
import { startQueue, type RetryPolicy } from '@/lib/notifications/queue'
import type { StatementRunner } from '@/lib/store/open'
import {
  allChannels,
  seedCase,
  startHttp,
  startSmtp,
  until,
} from '@/tests/unit/helpers/notifications-fixtures'
import { openTestStore } from '@/tests/unit/helpers/test-store'

/*
 * The notification queue on an idle embedded store (#55): its worker does not ask the store for
 * jobs every 2 s (pg-boss's default, 30 statements a minute doing nothing); it is woken when this
 * instance queues a job, so a message still goes out at once, and looks by itself only every 30 s.
 */

const RETRY: RetryPolicy = { retryLimit: 1, retryDelay: 1 }

let store: Awaited<ReturnType<typeof openTestStore>>
let boss: PgBoss
let smtp: Awaited<ReturnType<typeof startSmtp>>
let http: Awaited<ReturnType<typeof startHttp>>
let statements = 0

beforeAll(async () => {
  process.env.DS_API_KEY = 'ds-api-key-idle-test'
  store = await openTestStore()
  smtp = await startSmtp()
  http = await startHttp()
  // pg-boss reaches the store only through `query` (lib/notifications/queue.ts): every statement counts.
  const query: StatementRunner = (statement) => {
    statements += 1
    return store.query(statement)
  }
  boss = await startQueue({ ...store, query }, RETRY)
}, 60_000)

afterAll(async () => {
  await boss?.stop({ graceful: false })
  await store?.close()
  await smtp?.close()
  await http?.close()
  delete process.env.DS_API_KEY
})

describe('the notification worker on an idle store', () => {
  it('makes next to no statements while idle, and still sends at once what is queued', async () => {
    const settings = allChannels(smtp.url, http.url)
    await startWorker(store.db, boss, settings, RETRY)
    await sleep(1_000)
    statements = 0
    await sleep(10_000)
    // Polling every 2 s made five fetches in these ten seconds.
    expect(statements).toBeLessThanOrEqual(1)

    const caseId = await seedCase(store.db, { name: 'Idle Testperson' })
    const asked = Date.now()
    await sweep(store.db, boss, settings)
    await until('the messages sent', async () => {
      const rows = await store.db
        .selectFrom('notifications')
        .select('status')
        .where('case_id', '=', caseId)
        .execute()
      return rows.length > 0 && rows.every((row) => row.status === 'sent')
    })
    // Woken, not found by the next 30 s look.
    expect(Date.now() - asked).toBeLessThan(10_000)
  }, 60_000)
})
