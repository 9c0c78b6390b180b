import { createServer, type Server, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'

import type { PgBoss } from 'pg-boss'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { recordEvents, startWorker, sweep } from '@/lib/notifications/send'
import { CHANNEL_QUEUES, DEFAULT_RETRY, startQueue } from '@/lib/notifications/queue'
import type { NotifySettings } from '@/lib/notifications/settings'
import {
  allChannels,
  seedCase,
  startHttp,
  startSmtp,
  until,
} from '@/tests/unit/helpers/notifications-fixtures'
import { openTestStore } from '@/tests/unit/helpers/test-store'

/*
 * Each channel its own pace (#54 item 6), on the embedded store with pg-boss in it, against real
 * receivers and the production poll of 2 s: a burst of 200 High-risk cases reaches every channel
 * within a minute, an SMTP server that accepts and never answers delays only the e-mail, and the
 * team's alerts are fetched before routine messages.
 */

type Fixture = {
  store: Awaited<ReturnType<typeof openTestStore>>
  boss: PgBoss
  settings: NotifySettings
}

let smtp: Awaited<ReturnType<typeof startSmtp>>
let http: Awaited<ReturnType<typeof startHttp>>
let hanging: { url: string; close: () => Promise<void> }
let open: Fixture | undefined

/** An SMTP server that takes the connection and never greets: a hanging mail relay. */
async function startHangingSmtp() {
  const sockets = new Set<Socket>()
  const server: Server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

async function start(settings: NotifySettings, work = true): Promise<Fixture> {
  const store = await openTestStore()
  const boss = await startQueue(store, DEFAULT_RETRY)
  if (work) await startWorker(store.db, boss, settings, DEFAULT_RETRY)
  open = { store, boss, settings }
  return open
}

beforeAll(async () => {
  smtp = await startSmtp()
  http = await startHttp()
  hanging = await startHangingSmtp()
}, 30_000)

afterEach(async () => {
  await open?.boss.stop({ graceful: false })
  await open?.store.close()
  open = undefined
})

afterAll(async () => {
  await smtp?.close()
  await http?.close()
  await hanging?.close()
})

const statuses = async ({ store }: Fixture) =>
  store.db.selectFrom('notifications').select(['channel', 'status', 'sent_at']).execute()

describe('each channel its own pace', () => {
  it('brings a burst of 200 High-risk cases to every channel within a minute', async () => {
    const fixture = await start(allChannels(smtp.url, http.url))
    for (let index = 0; index < 200; index++) {
      await seedCase(fixture.store.db, { name: `Burst Person ${index}` })
    }
    const started = Date.now()
    expect(await sweep(fixture.store.db, fixture.boss, fixture.settings)).toBe(600)
    await until(
      'all 600 messages sent',
      async () => (await statuses(fixture)).every((row) => row.status === 'sent'),
      60_000,
    )
    const seconds = (Date.now() - started) / 1_000
    expect(seconds).toBeLessThan(60)
    const rows = await statuses(fixture)
    for (const channel of ['email', 'slack', 'webhook']) {
      expect(rows.filter((row) => row.channel === channel && row.status === 'sent')).toHaveLength(
        200,
      )
    }
    expect(http.received.filter((one) => one.path === '/slack').length).toBeGreaterThanOrEqual(200)
  }, 120_000)

  it('lets a hanging SMTP server delay only the e-mail', async () => {
    const fixture = await start({ ...allChannels(hanging.url, http.url) })
    const caseId = await seedCase(fixture.store.db, { name: 'Hanging Mail Person' })
    const started = Date.now()
    await sweep(fixture.store.db, fixture.boss, fixture.settings)
    const sentOn = async (channel: string) =>
      (
        await fixture.store.db
          .selectFrom('notifications')
          .select('status')
          .where('case_id', '=', caseId)
          .where('channel', '=', channel)
          .executeTakeFirstOrThrow()
      ).status === 'sent'
    await until(
      'Slack and the webhook sent',
      async () => (await sentOn('slack')) && sentOn('webhook'),
      8_000,
    )
    // Well before the SMTP try's 10 s deadline: the hanging relay held no other channel.
    expect(Date.now() - started).toBeLessThan(6_000)
    expect(await sentOn('email')).toBe(false)
  }, 30_000)

  it("fetches the team's alerts before routine messages on each channel", async () => {
    const fixture = await start(allChannels(smtp.url, http.url), false)
    const base = { analystId: null, risk: 'Medium', dueAt: new Date(), lagSeconds: null }
    const routine = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        seedCase(fixture.store.db, { risk: 'Medium', name: `R${index}` }),
      ),
    )
    await recordEvents(
      fixture.store.db,
      fixture.boss,
      routine.map((caseId) => ({
        ...base,
        key: `due_soon:${caseId}`,
        kind: 'due_soon' as const,
        caseId,
        name: `Routine ${caseId}`,
      })),
      fixture.settings,
    )
    const high = await seedCase(fixture.store.db, { name: 'Alert Person' })
    await recordEvents(
      fixture.store.db,
      fixture.boss,
      [
        {
          ...base,
          key: `high_case:${high}`,
          kind: 'high_case',
          caseId: high,
          risk: 'High',
          name: 'Alert',
        },
      ],
      fixture.settings,
    )
    for (const queue of [CHANNEL_QUEUES.slack, CHANNEL_QUEUES.webhook]) {
      const [first] = (await fixture.boss.fetch<{ id: number }>(queue, { batchSize: 1 })) ?? []
      const row = await fixture.store.db
        .selectFrom('notifications')
        .select('case_id')
        .where('id', '=', first!.data.id)
        .executeTakeFirstOrThrow()
      expect(row.case_id, queue).toBe(high)
    }
  }, 30_000)
})
