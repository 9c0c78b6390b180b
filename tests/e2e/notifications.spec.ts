import { expect, test } from '@playwright/test'

import { startSimulator, type Simulator } from '@/simulator/server/server'

import { startApp, type AppInstance } from '@/tests/e2e/support/app-instance'
import { startSmtp } from '@/tests/unit/helpers/notifications-fixtures'
import { freePort } from '@/tools/harness/free-port'

/*
 * Events in and out, in the browser: a High-risk screening added to this file's own simulator is
 * delivered to Verity as the provider's signed webhook (the poll is set to an hour, so only the
 * delivery can bring it), which makes its case; the team's e-mail reaches an SMTP server this test
 * starts, and its link opens the case. The notifications page shows it sent.
 */

const KEY = 'notify-suite-key'
const SECRET = `whsec_${'5e'.repeat(32)}`
let sim: Simulator
let app: AppInstance
let smtp: Awaited<ReturnType<typeof startSmtp>>

test.describe.configure({ timeout: 120_000 })

test.beforeAll(async () => {
  test.setTimeout(150_000)
  const port = await freePort()
  sim = await startSimulator({
    apiKey: KEY,
    historyRecords: 60,
    webhook: { url: `http://127.0.0.1:${port}/api/upstream/webhooks`, secret: SECRET },
  })
  smtp = await startSmtp()
  app = await startApp(
    {
      DS_API_BASE_URL: sim.url,
      DS_API_KEY: KEY,
      HISTORY_SYNC: 'on',
      HISTORY_POLL_SECONDS: '3600',
      DS_WEBHOOK_SECRET: SECRET,
      NOTIFY_SWEEP_SECONDS: '1',
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL_FROM: 'verity@example.com',
      NOTIFY_TEAM_EMAIL: 'aml-team@example.com',
      APP_URL: `http://127.0.0.1:${port}`,
    },
    port,
    90_000,
  )
})

test.afterAll(async () => {
  await app?.stop()
  await sim?.close()
  await smtp?.close()
})

test("a delivered High-risk screening reaches the team's e-mail, whose link opens the case", async ({
  page,
}) => {
  const name = `NOTIFY HIGHRISK ${Date.now().toString(36).toUpperCase()}`
  const response = await fetch(`${sim.url}/__sim/history`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ event_type: 'AML_SCREENING', risk: 'High', name }),
  })
  expect(response.status).toBe(200)

  const mailFor = () => smtp.mails.find((mail) => mail.raw.includes(name))
  await expect.poll(() => mailFor() !== undefined, { timeout: 60_000, intervals: [500] }).toBe(true)
  const mail = mailFor()!
  expect(mail.to).toEqual(['aml-team@example.com'])
  const link = /Open in Verity: (http:\/\/127\.0\.0\.1:\d+\/cases\/\d+)/.exec(mail.raw)?.[1]
  expect(link?.startsWith(app.url)).toBe(true)

  await page.goto(link!)
  const caseId = link!.split('/').pop()
  await expect(page.getByRole('heading', { name: `Case ${caseId}` })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`${name} · AML screening`)

  await page.goto(`${app.url}/notifications`)
  const row = page.getByRole('listitem').filter({ hasText: name })
  await expect(row).toContainText('sent')
  await expect(row).toContainText('E-mail to aml-team@example.com')
  await expect(row.getByRole('button', { name: 'Send again' })).toBeVisible()
})

test('an analyst chooses which of their own events reach them by e-mail', async ({ page }) => {
  await page.goto(`${app.url}/settings/notifications`)
  const assigned = page.getByRole('checkbox', { name: 'A case assigned to me' })
  const overdue = page.getByRole('checkbox', { name: 'A case of mine overdue' })
  await expect(assigned).toBeChecked()
  await expect(overdue).not.toBeChecked()
  await assigned.uncheck()
  await overdue.check()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('status')).toHaveText('Saved.')
  await page.reload()
  await expect(page.getByRole('checkbox', { name: 'A case assigned to me' })).not.toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'A case of mine overdue' })).toBeChecked()
})

test('the old /outbox address opens the notifications page', async ({ page }) => {
  await page.goto(`${app.url}/outbox`)
  await expect(page).toHaveURL(`${app.url}/notifications`)
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible()
})
