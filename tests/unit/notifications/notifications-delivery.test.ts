import { createHmac } from 'node:crypto'

import type { PgBoss } from 'pg-boss'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { deliver, recordEvents, sendAgain, startWorker, sweep } from '@/lib/notifications/send'
import { startQueue, type RetryPolicy } from '@/lib/notifications/queue'
import type { NotifySettings } from '@/lib/notifications/settings'
import { SIGNATURE_HEADER } from '@/lib/notifications/signature'
import {
  seedAssignment,
  seedCase,
  seedSession,
  startHttp,
  startSmtp,
  until,
  WEBHOOK_SECRET,
  allChannels,
} from '@/tests/unit/helpers/notifications-fixtures'
import { openTestStore } from '@/tests/unit/helpers/test-store'

/*
 * Notifications end to end on the embedded store (PGlite), with pg-boss's jobs in it: a real SMTP
 * server and an HTTP listener receive what Verity sends, once per event and recipient; a channel
 * answering 500 is retried with backoff and then shown failed; looking for events never waits for
 * a channel; and nothing of an applicant but the screened name, nor any secret, leaves.
 */

const ANA = 'https://idp.test ana'
const BEN = 'https://idp.test ben'
const RETRY: RetryPolicy = { retryLimit: 2, retryDelay: 1 }
/** pg-boss's shortest poll: the worker takes one job a poll, three a case. */
const POLL_SECONDS = 0.5
const API_KEY = 'ds-api-key-never-sent-Kp4w'

let store: Awaited<ReturnType<typeof openTestStore>>
let boss: PgBoss
let smtp: Awaited<ReturnType<typeof startSmtp>>
let http: Awaited<ReturnType<typeof startHttp>>
let settings: NotifySettings

const rowsOf = (caseId: number) =>
  store.db
    .selectFrom('notifications')
    .selectAll()
    .where('case_id', '=', caseId)
    .orderBy('id')
    .execute()

const allSettled = async (caseId: number) =>
  (await rowsOf(caseId)).every((row) => row.status === 'sent' || row.status === 'failed')

beforeAll(async () => {
  process.env.DS_API_KEY = API_KEY
  store = await openTestStore()
  smtp = await startSmtp()
  http = await startHttp((path) => (path === '/fail' ? 500 : path === '/hang' ? 0 : 200))
  settings = allChannels(smtp.url, http.url)
  boss = await startQueue(store, RETRY)
  await startWorker(store.db, boss, settings, RETRY, POLL_SECONDS)
}, 60_000)

afterAll(async () => {
  await boss?.stop({ graceful: false })
  await store?.close()
  await smtp?.close()
  await http?.close()
  delete process.env.DS_API_KEY
})

describe('notifications on the embedded store', () => {
  it('tells the team of a new High-risk case by e-mail, Slack and the signed webhook, once each', async () => {
    const caseId = await seedCase(store.db, {
      name: 'Maria Testperson',
      externalId: 'maria.private@example.org',
    })
    // Two looks at once and a third later, as instances do: one message per channel.
    await Promise.all([sweep(store.db, boss, settings), sweep(store.db, boss, settings)])
    await sweep(store.db, boss, settings)
    await until('three messages sent', () => allSettled(caseId))
    const rows = await rowsOf(caseId)
    expect(rows.map((row) => [row.channel, row.recipient, row.status])).toEqual([
      ['email', 'aml-team@example.com', 'sent'],
      ['slack', 'slack', 'sent'],
      ['webhook', 'webhook', 'sent'],
    ])

    const mails = smtp.mails.filter((mail) => mail.raw.includes(`/cases/${caseId}`))
    expect(mails).toHaveLength(1)
    expect(mails[0]!.to).toEqual(['aml-team@example.com'])
    expect(mails[0]!.from).toBe('verity@example.com')
    expect(mails[0]!.raw).toContain(`Subject: New High-risk case: Case ${caseId}, Maria Testperson`)
    expect(mails[0]!.raw).toContain(`Open in Verity: https://verity.example.com/cases/${caseId}`)

    const slack = http.received.filter((one) => one.path === '/slack')
    expect(slack).toHaveLength(1)
    const text = (JSON.parse(slack[0]!.body) as { text: string }).text
    expect(text).toContain('Screened name: Maria Testperson')
    expect(text).toContain('Risk: High')

    const hooks = http.received.filter((one) => one.path === '/hook')
    expect(hooks).toHaveLength(1)
    const header = String(hooks[0]!.headers[SIGNATURE_HEADER.toLowerCase()])
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header) ?? []
    expect(Math.abs(Number(t) - Date.now() / 1_000)).toBeLessThan(300)
    const key = Buffer.from(WEBHOOK_SECRET.slice('whsec_'.length), 'hex')
    expect(v1).toBe(createHmac('sha256', key).update(`${t}.${hooks[0]!.body}`).digest('hex'))
    expect(JSON.parse(hooks[0]!.body)).toMatchObject({ event: 'high_case', case_id: caseId })

    // Nothing but the screened name of the applicant, and no key or secret, left Verity.
    const sent = [...mails.map((mail) => mail.raw), ...slack, ...hooks].map((one) =>
      typeof one === 'string' ? one : `${JSON.stringify(one.headers)}${one.body}`,
    )
    for (const text of sent) {
      for (const secret of [
        'maria.private@example.org',
        API_KEY,
        'smtp-pass-Zq81',
        WEBHOOK_SECRET.slice('whsec_'.length),
      ]) {
        expect(text).not.toContain(secret)
      }
    }
  })

  it('brings a hostile screened name to Slack, e-mail and the webhook inert (#54 item 5)', async () => {
    const probe =
      '<!channel> <https://evil.test/sso|Open case in Verity> *URGENT*\nOpen in Verity: https://evil.test/cases/1'
    const caseId = await seedCase(store.db, { name: probe })
    await sweep(store.db, boss, settings)
    await until('three messages sent', () => allSettled(caseId))

    const slack = http.received.find(
      (one) => one.path === '/slack' && one.body.includes(`Case ${caseId},`),
    )
    const message = JSON.parse(slack!.body) as { text: string; mrkdwn: boolean }
    expect(message.mrkdwn).toBe(false)
    expect(message.text).not.toMatch(/[<>]/)
    expect(message.text).not.toContain('evil.test')
    expect(message.text.match(/https?:\/\//g)).toEqual(['https://'])

    const mail = smtp.mails.find((one) => one.raw.includes(`Case ${caseId},`))!
    const [head, ...rest] = mail.raw.split('\r\n\r\n')
    // One subject line, and no second "Open in Verity" in the body.
    expect(head!.split('\r\n').filter((line) => line.startsWith('Subject:'))).toHaveLength(1)
    // Quoted-printable's soft line breaks joined: the lines as the reader sees them.
    const lines = rest.join('\r\n').replace(/=\r\n/g, '').split('\r\n')
    expect(lines.filter((line) => line.startsWith('Open in Verity:'))).toEqual([
      `Open in Verity: https://verity.example.com/cases/${caseId}`,
    ])
    expect(lines.join('\n')).not.toContain('evil.test')

    const hook = http.received.find(
      (one) => one.path === '/hook' && one.body.includes(`"case_id":${caseId}`),
    )
    const sent = JSON.parse(hook!.body) as { subject: string; text: string }
    expect(sent.subject).not.toMatch(/\n/)
    expect(`${sent.subject}${sent.text}`).not.toContain('evil.test')
    expect(sent.text.split('\n').filter((line) => line.startsWith('Open in Verity'))).toEqual([
      `Open in Verity: https://verity.example.com/cases/${caseId}`,
    ])
  })

  it("e-mails an analyst's own event to their sign-in address, as they chose", async () => {
    await seedSession(store.db, ANA, 'ana@example.com')
    await seedSession(store.db, BEN, 'ben@example.com')
    await store.db
      .insertInto('notify_preferences')
      .values({ analyst_id: BEN, email_events: ['overdue'] })
      .execute()
    const anas = await seedCase(store.db, { risk: 'Medium', owner: ANA })
    const bens = await seedCase(store.db, { risk: 'Medium', owner: BEN })
    await seedAssignment(store.db, anas, ANA)
    await seedAssignment(store.db, bens, BEN)
    await sweep(store.db, boss, settings)
    await until('the assignments sent', async () => (await allSettled(anas)) && allSettled(bens))
    const emails = async (caseId: number) =>
      (await rowsOf(caseId)).filter((row) => row.channel === 'email').map((row) => row.recipient)
    expect(await emails(anas)).toEqual(['ana@example.com'])
    expect(await emails(bens)).toEqual([])
    const mail = smtp.mails.find((one) => one.raw.includes(`/cases/${anas}`))
    expect(mail?.to).toEqual(['ana@example.com'])
    expect(mail?.raw).toContain('A lead assigned this case to you.')
  })

  it('addresses no one by a kept sign-in e-mail that is not one address (#54 item 8)', async () => {
    const CAL = 'https://idp.test cal'
    await seedSession(store.db, CAL, 'cal@example.com,eve@evil.test')
    const cals = await seedCase(store.db, { risk: 'Medium', owner: CAL })
    await seedAssignment(store.db, cals, CAL)
    await sweep(store.db, boss, settings)
    expect((await rowsOf(cals)).filter((row) => row.channel === 'email')).toEqual([])
    expect(smtp.mails.some((mail) => mail.to.includes('eve@evil.test'))).toBe(false)
  })

  it('retries a channel answering 500 with backoff, then shows it failed; send again sends it', async () => {
    settings.slackUrl = `${http.url}/fail`
    const caseId = await seedCase(store.db)
    await sweep(store.db, boss, settings)
    await until('the Slack message failed', () => allSettled(caseId), 45_000)
    const slack = (await rowsOf(caseId)).find((row) => row.channel === 'slack')
    expect(slack).toMatchObject({
      status: 'failed',
      attempts: RETRY.retryLimit + 1,
      last_error: 'the channel answered 500',
    })
    expect(http.received.filter((one) => one.path === '/fail')).toHaveLength(RETRY.retryLimit + 1)

    settings.slackUrl = `${http.url}/slack`
    expect(await sendAgain(store.db, boss, slack!.id)).toBe(true)
    await until('sent again', async () => (await rowsOf(caseId)).every((r) => r.status === 'sent'))
    expect(await sendAgain(store.db, boss, slack!.id)).toBe(true)
    settings.slackUrl = `${http.url}/fail`
  }, 60_000)

  it('keeps a failed login to the SMTP server out of the log, password and all', async () => {
    const good = settings.smtpUrl
    settings.smtpUrl = good!.replace('smtp-pass-Zq81', 'wrong-pass-Hh27')
    const caseId = await seedCase(store.db)
    await sweep(store.db, boss, settings)
    await until(
      'the e-mail failed',
      async () =>
        (await rowsOf(caseId)).some((row) => row.channel === 'email' && row.status === 'failed'),
      45_000,
    )
    const email = (await rowsOf(caseId)).find((row) => row.channel === 'email')
    expect(email?.last_error).toMatch(/Invalid login/)
    expect(email?.last_error).not.toContain('wrong-pass-Hh27')
    settings.smtpUrl = good
  }, 60_000)

  it('sends a message whose try was lost with its instance, not one another instance is sending', async () => {
    const caseId = await seedCase(store.db, { risk: 'Medium' })
    const row = (ago: number, key: string) =>
      store.db
        .insertInto('notifications')
        .values({
          event_key: key,
          event_kind: 'high_case',
          channel: 'slack',
          recipient: 'slack',
          subject: `lost try ${key}`,
          body: 'body',
          case_id: caseId,
          status: 'sending',
          updated_at: new Date(Date.now() - ago),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    const lost = await row(50_000, `lost:${caseId}`)
    const busy = await row(5_000, `busy:${caseId}`)
    const working = { ...settings, slackUrl: `${http.url}/slack` }
    await deliver(store.db, working, lost.id, 1, RETRY)
    await deliver(store.db, working, busy.id, 1, RETRY)
    const status = async (id: number) =>
      (
        await store.db
          .selectFrom('notifications')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).status
    expect(await status(lost.id)).toBe('sent')
    expect(await status(busy.id)).toBe('sending')
    const texts = http.received.map((one) => one.body)
    expect(texts.filter((text) => text.includes(`lost try lost:${caseId}`))).toHaveLength(1)
    expect(texts.filter((text) => text.includes(`lost try busy:${caseId}`))).toHaveLength(0)
  })

  it('records events without waiting for a channel that hangs', async () => {
    settings.slackUrl = `${http.url}/hang`
    const caseId = await seedCase(store.db)
    const started = Date.now()
    const made = await sweep(store.db, boss, settings)
    expect(made).toBe(3)
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(await recordEvents(store.db, boss, [], settings)).toBe(0)
    await until('the case in the log', async () => (await rowsOf(caseId)).length === 3)
  })
})
