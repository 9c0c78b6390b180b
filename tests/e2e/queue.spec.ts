import { expect, test, type Page } from '@playwright/test'

import { exampleIds } from '@/lib/demo/example-ids'
import type { Verification } from '@/lib/upstream/schemas'
import { startSimulator, type Simulator } from '@/simulator/server/server'

import { startApp, type AppInstance } from '@/tests/e2e/support/app-instance'

/*
 * The work queue, search and applicant pages over the mirror. This file adds records to its
 * simulator (POST /__sim/history), so it runs its own simulator and Verity: the suite's other
 * files read the shared simulator's history and must not see them. The instance mirrors in the
 * background (polling every 10 s, the default), so a page is reloaded until what it should show
 * has arrived.
 */

const KEY = 'queue-suite-key'
let sim: Simulator
let app: AppInstance

test.beforeAll(async () => {
  // A fresh instance opens a fresh embedded store and backfills the simulator's history.
  test.setTimeout(120_000)
  sim = await startSimulator({ apiKey: KEY })
  app = await startApp(
    { DS_API_BASE_URL: sim.url, DS_API_KEY: KEY, VERITY_DEMO: 'true', HISTORY_SYNC: 'on' },
    undefined,
    90_000,
  )
})

test.afterAll(async () => {
  await app?.stop()
  await sim?.close()
})

// Paths of this file's instance; the suite's baseURL points at the shared one.
const at = (path: string) => app.url + path

const navigation = { timeout: 25_000 }
const arrival = { timeout: 30_000, intervals: [1_000] }
// Walking the queue's pages on a busy machine takes a while; arrival is timed on its own.
test.describe.configure({ timeout: 120_000 })

type Added = { event_type: string; risk?: string; name?: string; count?: number }

/** Adds records as the newest (`POST /__sim/history` takes one kind of record, `count` times). */
async function addRecords(records: Added[]) {
  const ids: string[] = []
  for (const record of records) {
    const response = await fetch(`${sim.url}/__sim/history`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(record),
    })
    expect(response.status).toBeLessThan(300)
    ids.push(...((await response.json()) as { ids: string[] }).ids)
  }
  return ids
}

/** Whether the mirror holds a record named `name` yet: one search page, cheaper than the queue. */
async function mirrored(page: Page, name: string) {
  await page.goto(at(`/search?q=${encodeURIComponent(name)}`))
  return (
    (await page
      .getByRole('list', { name: /^Screenings by name/ })
      .getByRole('link', { name })
      .count()) > 0
  )
}

/**
 * Follows the queue's Next links until a case names `name`; false when the pages end first. Polled:
 * once its record is stored, the demo's seed may still move the new case's due date (lib/cases/
 * demo.ts, after the mirror's commit), and so its page, while a walk is past it.
 */
async function queueHolds(page: Page, path: string, name: string) {
  await page.goto(at(path))
  for (let pages = 0; pages < 40; pages += 1) {
    await expect(page.getByTestId('mirror-reach')).toBeVisible()
    const rows = page.getByRole('table', { name: 'Cases' })
    if ((await rows.getByRole('link', { name, exact: true }).count()) > 0) return true
    const next = page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('link', { name: 'Next →' })
    if ((await next.count()) === 0) return false
    // Its address, loaded whole: what a link without JavaScript does, and no race with hydration.
    await page.goto(at((await next.getAttribute('href')) ?? ''))
  }
  return false
}

/** Opens a view of the queue, reloading until it lists cases: the mirror makes them as it backfills. */
async function listed(page: Page, path: string) {
  const table = page.getByRole('table', { name: 'Cases' })
  await expect(async () => {
    await page.goto(at(path))
    await expect(table).toBeVisible({ timeout: 1_000 })
  }).toPass(arrival)
  return table
}

test('a High-risk screening older than 500 newer records stays on /queue, and search finds it', async ({
  page,
}) => {
  const name = `QUEUE OLDWORK ${Date.now().toString(36).toUpperCase()}`
  await addRecords([{ event_type: 'AML_SCREENING', risk: 'High', name }])
  await addRecords([{ event_type: 'AML_SCREENING', risk: 'Low', count: 500 }])
  await expect.poll(() => mirrored(page, name), { ...arrival, timeout: 60_000 }).toBe(true)
  await expect
    .poll(() => queueHolds(page, '/queue?risk=High', name), { ...arrival, timeout: 60_000 })
    .toBe(true)
  const row = page.getByRole('row').filter({ hasText: name })
  await expect(row).toContainText('High')
  await expect(row).toContainText(/0 of \d+ match(es)? reviewed/)
  await expect(row).toContainText('Unassigned')
  await row.getByRole('link', { name, exact: true }).click()
  await expect(page).toHaveURL(/\/cases\/\d+$/, navigation)
  await page.getByRole('link', { name: /^AML report / }).click()
  await expect(page).toHaveURL(/\/aml\/[0-9a-f-]{36}\?subject=screening%3A/, navigation)

  // Any word, its beginning, in any case.
  const [, word = ''] = name.split(' ')
  await page.goto(at(`/search?q=${encodeURIComponent(word.slice(0, 5).toLowerCase())}`))
  await expect(
    page.getByRole('list', { name: /^Screenings by name/ }).getByRole('link', { name }),
  ).toBeVisible()
})

test('a record added to the running simulator reaches /queue within 30 s', async ({ page }) => {
  const name = `QUEUE NEWWORK ${Date.now().toString(36).toUpperCase()}`
  await addRecords([{ event_type: 'AML_SCREENING', risk: 'Medium', name }])
  await expect.poll(() => mirrored(page, name), arrival).toBe(true)
  await expect.poll(() => queueHolds(page, '/queue?risk=Medium', name), arrival).toBe(true)
})

test("an applicant's page lists both screenings of a re-screened applicant, newest first", async ({
  page,
}) => {
  const verification = (await (
    await fetch(`${sim.url}/api/v3/verifications/short/${exampleIds.reviewShortId}`, {
      headers: { 'ds-api-token': KEY },
    })
  ).json()) as Verification
  const applicantId = verification.applicant_id
  expect(applicantId).toBeTruthy()
  await page.goto(at(`/verifications/${exampleIds.reviewShortId}`))
  await page.getByRole('link', { name: 'All events' }).click()
  await expect(page).toHaveURL(at(`/applicants/${applicantId}`), navigation)
  const events = page.getByRole('list', { name: 'Events, newest first' })
  await expect(async () => {
    await page.reload()
    await expect(events.getByRole('listitem').filter({ hasText: 'AML_SCREENING' })).toHaveCount(2)
  }).toPass(arrival)
  const times = await events
    .locator('time')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('datetime') ?? ''))
  expect(times).toEqual([...times].sort().reverse())
})

test('the queue says how far the mirror reaches, and its filters live in the address', async ({
  page,
}) => {
  await page.goto(at('/queue'))
  await expect(page.getByTestId('mirror-reach')).toContainText(
    /History mirrored to .+, [\d,]+ records; backfill (complete|running|\d+%)/,
  )
  await page.getByLabel('Kind').selectOption('failed_verification')
  await page.getByRole('button', { name: 'Apply filters' }).click()
  await expect(page).toHaveURL(/\/queue\?.*kind=failed_verification/)
  await expect(page.getByLabel('Kind')).toHaveValue('failed_verification')
  const rows = page.getByRole('table', { name: 'Cases' }).getByRole('row')
  await expect(rows.nth(1)).toContainText('Verification failed')
  await expect(rows.filter({ hasText: /High|Medium/ })).toHaveCount(0)
})

test('the queue opens on the open cases, its tab counting what it lists, and fits a phone', async ({
  page,
}) => {
  await listed(page, '/queue')
  const views = page.getByRole('navigation', { name: 'Case views' })
  const open = views.getByRole('link', { name: /^Open [\d,]+$/ })
  await expect(open).toHaveAttribute('aria-current', 'page')
  const counted = (await open.textContent())!.replace(/\D/g, '')
  await expect(page.getByTestId('queue-total')).toContainText(
    new RegExp(`^${Number(counted).toLocaleString('en')} cases`),
  )
  // Closed work is not in the open view.
  await expect(
    page.getByRole('table', { name: 'Cases' }).getByText('Closed', { exact: true }),
  ).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Take next' })).toBeVisible()

  await page.setViewportSize({ width: 375, height: 800 })
  for (const path of ['/queue', '/queue?view=all', '/queue?view=overdue']) {
    await listed(page, path)
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width, path).toBeLessThanOrEqual(375)
    // Each case's name stays readable: on a line of its own, not squeezed into a column.
    const name = page.getByRole('table', { name: 'Cases' }).locator('tbody tr td').nth(1)
    expect((await name.boundingBox())!.width).toBeGreaterThan(250)
  }
})

test('the All view sorted by due date lists a closed case after every open one', async ({
  page,
}) => {
  const path = '/queue?view=all&sort=due'
  const soonest = (await listed(page, path)).locator('tbody tr').first()
  const href = (await soonest.getByRole('link').first().getAttribute('href'))!
  // The case due first is closed: it keeps its due date, yet it has nothing left to do.
  const closed = await page.request.post(at(`/api/cases${href.replace('/cases', '')}`), {
    headers: { origin: app.url },
    data: { action: 'close', outcome: 'no_action_needed', reason: 'Closed to check the order.' },
  })
  expect(closed.status()).toBe(200)

  const rows = (await listed(page, path)).locator('tbody tr')
  await expect(rows.first()).not.toContainText('Closed')
  await expect(rows.first().getByRole('link').first()).not.toHaveAttribute('href', href)
  // Every open case comes first: the row after the last of them is the first closed one.
  const open = page
    .getByRole('navigation', { name: 'Case views' })
    .getByRole('link', { name: /^Open [\d,]+$/ })
  const opened = Number((await open.textContent())!.replace(/\D/g, ''))
  await listed(page, `${path}&page=${Math.floor(opened / 50) + 1}`)
  await expect(rows.nth(opened % 50)).toContainText('Closed')
  if (opened % 50 > 0) await expect(rows.nth((opened % 50) - 1)).not.toContainText('Closed')
})
