import type { PgBoss } from 'pg-boss'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startWorker, sweep } from '@/lib/notifications/send'
import { startQueue, type RetryPolicy } from '@/lib/notifications/queue'
import type { NotifySettings } from '@/lib/notifications/settings'
import { openStore, type Store } from '@/lib/store/open'
import {
  seedCase,
  startHttp,
  startSmtp,
  until,
  allChannels,
} from '@/tests/unit/helpers/notifications-fixtures'
import { postgresBin, startPostgres, type Postgres } from '@/tools/harness/postgres'

/*
 * Two instances on one PostgreSQL server (two stores, each its own pool and pg-boss, as two
 * servers have) look for the same events at the same time and both work the queue: each event
 * reaches each recipient once.
 */

const RETRY: RetryPolicy = { retryLimit: 2, retryDelay: 1 }
/** pg-boss's shortest poll: the worker takes one job a poll, three a case. */
const POLL_SECONDS = 0.5
const CASES = 12

let postgres: Postgres | undefined
let instances: { store: Store; boss: PgBoss }[] = []
let smtp: Awaited<ReturnType<typeof startSmtp>>
let http: Awaited<ReturnType<typeof startHttp>>
let settings: NotifySettings

describe.skipIf(!postgresBin())('notifications on two instances of one PostgreSQL server', () => {
  beforeAll(async () => {
    postgres = await startPostgres()
    smtp = await startSmtp()
    http = await startHttp()
    settings = allChannels(smtp.url, http.url)
    const config = { databaseUrl: postgres.url, dataDir: '' }
    const stores = await Promise.all([openStore(config), openStore(config)])
    // Both start pg-boss at once: its schema is made once.
    instances = await Promise.all(
      stores.map(async (store) => ({ store, boss: await startQueue(store, RETRY) })),
    )
    for (const { store, boss } of instances)
      await startWorker(store.db, boss, settings, RETRY, POLL_SECONDS)
  }, 120_000)

  afterAll(async () => {
    for (const { boss, store } of instances) {
      await boss.stop({ graceful: false })
      await store.close()
    }
    await smtp?.close()
    await http?.close()
    postgres?.stop()
  })

  it('sends one message per event and recipient', async () => {
    const [first] = instances
    const ids: number[] = []
    for (let n = 0; n < CASES; n++) ids.push(await seedCase(first!.store.db))
    // Each instance looks three times, the two at once.
    for (let round = 0; round < 3; round++) {
      const made = await Promise.all(
        instances.map(({ store, boss }) => sweep(store.db, boss, settings)),
      )
      if (round === 0) expect(made.reduce((a, b) => a + b, 0)).toBe(CASES * 3)
      else expect(made).toEqual([0, 0])
    }
    await until(
      'every message sent',
      async () => {
        const left = await first!.store.db
          .selectFrom('notifications')
          .select('id')
          .where('status', '!=', 'sent')
          .execute()
        return left.length === 0
      },
      60_000,
    )
    const perCase = (texts: string[], id: number) =>
      texts.filter((text) => new RegExp(`/cases/${id}(?!\\d)`).test(text)).length
    const mails = smtp.mails.map((mail) => mail.raw.replace(/\r\n/g, '\n'))
    const slack = http.received.filter((one) => one.path === '/slack').map((one) => one.body)
    const hooks = http.received.filter((one) => one.path === '/hook').map((one) => one.body)
    expect(mails).toHaveLength(CASES)
    expect(slack).toHaveLength(CASES)
    expect(hooks).toHaveLength(CASES)
    for (const id of ids) {
      expect(perCase(mails, id)).toBe(1)
      expect(
        perCase(
          slack.map((body) => (JSON.parse(body) as { text: string }).text),
          id,
        ),
      ).toBe(1)
      expect(
        hooks.filter((body) => (JSON.parse(body) as { case_id: number }).case_id === id),
      ).toHaveLength(1)
    }
  }, 90_000)
})
