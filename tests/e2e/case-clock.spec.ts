import { expect, test } from '@playwright/test'

import type { QueueData } from '@/lib/cases/types'
import { startSimulator, type Simulator } from '@/simulator/server/server'

import { startApp, type AppInstance } from '@/tests/e2e/support/app-instance'
import { openBeforeHydration } from '@/tests/e2e/support/before-hydration'

/*
 * The case clock after a backfill (issue #45): a fresh instance mirrors a long history, newest
 * record first, so the oldest High-risk screening's case is made last. Take next on /queue still
 * hands it out first, because a case counts from its record's time, and it is overdue. Take next
 * is a plain form on /queue as it opens: the second press, in a browser without JavaScript, and
 * the third, before the page's script has loaded, land on the next oldest.
 * Its own simulator and instance (no demo, so every case starts unclaimed); sign-in is off.
 */

const KEY = 'case-clock-suite-key'
let sim: Simulator
let app: AppInstance

test.describe.configure({ mode: 'serial', timeout: 120_000 })

test.beforeAll(async () => {
  test.setTimeout(180_000)
  sim = await startSimulator({ apiKey: KEY, historyRecords: 3_000 })
  app = await startApp(
    { DS_API_BASE_URL: sim.url, DS_API_KEY: KEY, HISTORY_SYNC: 'on' },
    undefined,
    90_000,
  )
})

test.afterAll(async () => {
  await app?.stop()
  await sim?.close()
})

/** Every record's time in the simulator's history, by record id, read as the upstream serves it. */
async function recordTimes(): Promise<Map<string, number>> {
  const times = new Map<string, number>()
  let after: string | null = null
  for (;;) {
    const query = new URLSearchParams({ limit: '100', ...(after ? { after } : {}) })
    const response = await fetch(`${sim.url}/api/v3/notifications/webhook/history?${query}`, {
      headers: { 'ds-api-token': KEY },
    })
    const page = (await response.json()) as {
      data: { id: string; timestamp: string }[]
      has_next: boolean
    }
    for (const record of page.data) times.set(record.id, Date.parse(record.timestamp))
    after = page.data.at(-1)?.id ?? null
    if (!page.has_next || !after) return times
  }
}

/** Every unclaimed High-risk case, through the case API. */
async function highRiskCases() {
  const cases: QueueData['cases'] = []
  for (let page = 1; ; page++) {
    const response = await fetch(`${app.url}/api/cases?view=unassigned&risk=High&page=${page}`)
    const data = (await response.json()) as QueueData
    cases.push(...data.cases)
    if (cases.length >= data.total || data.cases.length === 0) return cases
  }
}

let expected: { id: number; at: number }[] = []

test('the backfill of a long history makes the oldest High-risk screening last', async ({
  page,
}) => {
  await page.goto(`${app.url}/queue`)
  await expect(async () => {
    await page.reload()
    await expect(page.getByTestId('mirror-reach')).toContainText('backfill complete', {
      timeout: 2_000,
    })
  }).toPass({ timeout: 90_000, intervals: [2_000] })
  const times = await recordTimes()
  expect(times.size).toBeGreaterThanOrEqual(3_000)
  const cases = await highRiskCases()
  expect(cases.length).toBeGreaterThan(2)
  expected = cases
    .map((kase) => ({ id: kase.id, at: times.get(kase.recordId) ?? Number.NaN }))
    .sort((a, b) => a.at - b.at || a.id - b.id)
  expect(expected.every((kase) => Number.isFinite(kase.at))).toBe(true)
  // Made newest first: the oldest screening's case has a higher number than the newest's.
  expect(expected[0]!.id).toBeGreaterThan(expected.at(-1)!.id)
})

test('Take next on /queue hands out the oldest High-risk screening first, overdue', async ({
  page,
}) => {
  await page.goto(`${app.url}/queue`)
  await page.getByRole('button', { name: 'Take next' }).click()
  await expect(page).toHaveURL(`${app.url}/cases/${expected[0]!.id}`)
  await expect(page.getByText(/\d+ days late/).first()).toBeVisible()
})

test('Take next on /queue works without JavaScript and hands out the next oldest', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  try {
    const page = await context.newPage()
    await page.goto(`${app.url}/queue`)
    await page.getByRole('button', { name: 'Take next' }).click()
    await expect(page).toHaveURL(`${app.url}/cases/${expected[1]!.id}`)
  } finally {
    await context.close()
  }
})

test("a press of Take next before the page's script has loaded is not lost", async ({ page }) => {
  const release = await openBeforeHydration(page, `${app.url}/queue`)
  try {
    await page.getByRole('button', { name: 'Take next' }).click()
    await expect(page).toHaveURL(`${app.url}/cases/${expected[2]!.id}`)
  } finally {
    release()
  }
})
