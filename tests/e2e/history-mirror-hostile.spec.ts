import { expect, test } from '@playwright/test'

import { startSimulator, type Simulator } from '@/simulator/server/server'

import { startApp, type AppInstance } from '@/tests/e2e/support/app-instance'

/*
 * A hostile history (issue #44): the mirror of an instance of its own stores every good record
 * and lists the ones the store refused on /history-sync, where a screening too large to keep
 * links to its AML report, which still opens.
 */

const KEY = 'hostile-history-key'

let sim: Simulator
let app: AppInstance

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  sim = await startSimulator({ apiKey: KEY, historyRecords: 40, hostileHistory: true })
  app = await startApp(
    {
      DS_API_BASE_URL: sim.url,
      DS_API_KEY: KEY,
      HISTORY_SYNC: 'on',
      HISTORY_PAGE_SIZE: '10',
      HISTORY_POLL_SECONDS: '2',
    },
    undefined,
    90_000,
  )
})

test.afterAll(async () => {
  await app?.stop()
  await sim?.close()
})

test('/history-sync lists the records set aside, and the mirror goes on', async ({ page }) => {
  test.setTimeout(120_000)
  await expect
    .poll(
      async () => {
        const response = await fetch(`${app.url}/api/health`)
        const body = (await response.json()) as {
          mirror: { setAside: number; backfillDone: boolean } | null
        }
        return body.mirror
      },
      { timeout: 90_000 },
    )
    .toMatchObject({ setAside: 3, backfillDone: true })

  await page.goto(`${app.url}/history-sync`)
  await expect(page.getByRole('heading', { name: 'Records set aside: 3' })).toBeVisible()
  const rows = page.getByRole('row')
  // The header and one row per record set aside.
  await expect(rows).toHaveCount(4)
  const cell = (name: string | RegExp) => page.getByRole('cell', { name, exact: true })
  await expect(cell('id too long for its index (6009 bytes, at most 1000)')).toBeVisible()
  await expect(cell('applicant_id too long for its index (6009 bytes, at most 1000)')).toBeVisible()
  await expect(cell(/^record over the size cap/)).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: '… (6,009 characters)' })).toHaveCount(1)
  // 40 built records and 6 good screenings, plus the two hostile ones that could be cleaned.
  const facts = page.getByRole('region', { name: 'Sync status' })
  await expect(facts.getByText('Records mirrored')).toBeVisible()
  await expect(facts.locator('dd').first()).toHaveText('48')

  // Each hostile record is a screening: the oversized one's report opens from the upstream.
  await expect(page.getByRole('link', { name: 'Open its AML report' })).toHaveCount(3)
  await page
    .getByRole('row')
    .filter({ hasText: 'size cap' })
    .getByRole('link', { name: 'Open its AML report' })
    .click()
  await expect(page).toHaveURL(/\/aml\//)
  await expect(page).toHaveTitle(/AML report/)
  await expect(page.getByText('Match 0', { exact: true }).first()).toBeVisible({ timeout: 30_000 })
})
