import { expect, test } from '@playwright/test'

import { startSimulator, type Simulator } from '@/simulator/server/server'

import { startApp, type AppInstance } from '@/tests/e2e/support/app-instance'
import { freePort } from '@/tools/harness/free-port'

/*
 * The provider's webhook deliveries end to end: a simulator that delivers the records added to it,
 * signed with the webhook's secret, to an instance of Verity that polls the history only once an
 * hour, so what arrives, arrives by delivery. Its own simulator and Verity: the records it adds
 * must not reach the suite's other files.
 */

const KEY = 'deliveries-suite-key'
const SECRET = `whsec_${'5e'.repeat(32)}`
const HISTORY = '/api/v3/notifications/webhook/history'

let sim: Simulator
let app: AppInstance

test.describe.configure({ mode: 'serial', timeout: 60_000 })

test.beforeAll(async () => {
  test.setTimeout(150_000)
  const port = await freePort()
  sim = await startSimulator({
    apiKey: KEY,
    // Small, so the queue is one page and the backfill short.
    historyRecords: 60,
    webhook: { url: `http://127.0.0.1:${port}/api/upstream/webhooks`, secret: SECRET },
  })
  app = await startApp(
    {
      DS_API_BASE_URL: sim.url,
      DS_API_KEY: KEY,
      VERITY_DEMO: 'true',
      HISTORY_SYNC: 'on',
      HISTORY_POLL_SECONDS: '3600',
      DS_WEBHOOK_SECRET: SECRET,
    },
    port,
    90_000,
  )
  // The backfill, and the poll that follows it at once; the next poll is an hour away.
  const synced = async () => {
    const html = await fetch(`${app.url}/history-sync`).then(
      (response) => response.text(),
      () => '',
    )
    return /Backfill<\/dt><dd>done/.test(html) && !/Last poll<\/dt><dd>never/.test(html)
  }
  await expect.poll(synced, { timeout: 90_000, intervals: [1_000] }).toBe(true)
})

test.afterAll(async () => {
  await app?.stop()
  await sim?.close()
})

test('a High-risk screening the simulator delivers is on /queue within 2 s, the poll an hour away', async ({
  page,
}) => {
  const name = `DELIVERED HIGH ${Date.now().toString(36).toUpperCase()}`
  const historyReads = sim.stats.byPath[HISTORY] ?? 0
  const added = await fetch(`${sim.url}/__sim/history`, {
    method: 'POST',
    body: JSON.stringify({ event_type: 'AML_SCREENING', risk: 'High', name }),
  })
  expect(added.status).toBe(200)
  // The queue's HTML as the server renders it, read until it names the screening: a browser's
  // page load on this shared machine can take most of the 2 s by itself.
  const onQueue = () =>
    fetch(`${app.url}/queue`).then(
      async (response) => (await response.text()).includes(name),
      () => false,
    )
  await expect.poll(onQueue, { timeout: 2_000, intervals: [50] }).toBe(true)
  await page.goto(`${app.url}/queue`)
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible()
  // It came by delivery: the history was not read meanwhile.
  expect(sim.stats.byPath[HISTORY] ?? 0).toBe(historyReads)
  expect(sim.stats.deliveries).toMatchObject({ sent: 1, failed: 0 })

  await page.goto(`${app.url}/history-sync`)
  const deliveries = page.getByRole('region', { name: 'Deliveries' })
  await expect(deliveries).toContainText('Received1, of which 0 already held')
  await expect(deliveries).toContainText('AML_SCREENING, record ')
})

test('a delivery with a bad signature is refused with 401 and listed on /history-sync', async ({
  page,
  request,
}) => {
  const body = JSON.stringify({
    id: 'forged-record-1',
    webhook_id: 'wh-forged',
    event_type: 'AML_SCREENING',
    timestamp: new Date().toISOString(),
    payload: { search_response: { requested_name: 'FORGED DELIVERY', data: [] } },
  })
  const response = await request.post(`${app.url}/api/upstream/webhooks`, {
    data: body,
    headers: {
      'content-type': 'application/json',
      'x-webhook-signature': `t=${Math.floor(Date.now() / 1_000)},v1=${'0'.repeat(64)}`,
    },
  })
  expect(response.status()).toBe(401)

  await page.goto(`${app.url}/history-sync`)
  const deliveries = page.getByRole('region', { name: 'Deliveries' })
  await expect(deliveries).toContainText('Refused1')
  await expect(
    deliveries.getByRole('list', { name: 'Refused deliveries' }).getByRole('listitem'),
  ).toContainText(['signature does not match the secret (401): 1'])
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 })
      await deliveries.screenshot({
        path: test.info().outputPath(`deliveries-${width}-${scheme}.png`),
      })
    }
  }
})
