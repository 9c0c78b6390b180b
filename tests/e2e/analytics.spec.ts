import { expect, test, type Page } from '@playwright/test'

/*
 * /analytics on the suite's app, which mirrors the simulator's history; it only reads. The period
 * ends at the simulator's "now" (1 Nov 2026), so records other tests add at the real time fall
 * outside it and the counts hold still while they are compared.
 */

const PERIOD = 'from=2026-08-04&to=2026-11-01'
const PAGE = `/analytics?${PERIOD}`

test.use({ javaScriptEnabled: false })
test.describe.configure({ timeout: 90_000 })

/** The page once the mirror has copied the failed verifications of the period. */
async function openWithFailures(page: Page) {
  await expect
    .poll(
      async () => {
        await page.goto(PAGE)
        return page.locator('[data-chart="failure-reasons"] svg a').count()
      },
      { timeout: 60_000, intervals: [1_000, 2_000, 5_000] },
    )
    .toBeGreaterThan(0)
}

/** A table's body as text cells, the thousands separators gone and "–" (no value) empty. */
async function tableCells(page: Page, key: string) {
  const rows = page.locator(`table[data-numbers="${key}"] tbody tr`)
  const cells = await rows.evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')),
  )
  return cells.map((row) => row.map((cell) => (cell === '–' ? '' : cell.replace(/,/g, ''))))
}

function parseCsv(text: string) {
  return text
    .trim()
    .split('\r\n')
    .map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((m) => m[1]!))
    .map((cells) =>
      cells.slice(0, -1).map((cell) => cell.replace(/^"|"$/g, '').replace(/""/g, '"')),
    )
}

test('renders without JavaScript: every chart drawn, titled, and with its table', async ({
  page,
}) => {
  await openWithFailures(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible()
  for (const key of [
    'verifications',
    'failure-reasons',
    'screenings',
    'decisions',
    'carry-over',
    'review-times',
    'open-cases',
    'deadlines',
  ]) {
    const chart = page.locator(`[data-chart="${key}"]`)
    await expect(chart.getByRole('heading', { level: 2 })).not.toBeEmpty()
    await expect(chart.locator('svg').first()).toBeAttached()
    await expect(chart.locator(`table[data-numbers="${key}"]`)).toBeAttached()
  }
  await expect(page.locator('table[data-numbers="error-codes"]')).toBeVisible()
  // Sign-in is off: the one viewer leads, so the per-analyst table is there.
  await expect(page.getByRole('heading', { name: /Per analyst/ })).toBeVisible()
})

test("a failure category's bar opens the failed verifications it counts", async ({ page }) => {
  await openWithFailures(page)
  const bar = page.locator('[data-chart="failure-reasons"] svg a').first()
  const href = await bar.getAttribute('href')
  expect(href).toMatch(/^\/queue\?view=all&.*error=/)
  // The table's row for the same category links to the same list.
  const row = page
    .locator('table[data-numbers="failure-reasons"] tbody tr')
    .filter({ has: page.locator(`a[href="${href}"]`) })
  const counted = Number((await row.locator('td').last().textContent())!.replace(/,/g, ''))
  expect(counted).toBeGreaterThan(0)
  await page.goto(href!)
  // The cases it counts, open and closed, of the same days and category.
  await expect(page.getByRole('navigation', { name: 'Case views' })).toContainText('All')
  await expect(page.getByLabel('Kind')).toHaveValue('failed_verification')
  await expect(page.getByLabel('From (UTC day)')).toHaveValue('2026-08-04')
  await expect(page.getByLabel('To (included)')).toHaveValue('2026-11-01')
  await expect(page.getByText(/Also limited to failed verifications with errors: /)).toBeVisible()
  await expect(page.getByTestId('queue-total')).toContainText(
    new RegExp(`^${counted.toLocaleString('en')} cases? matching these filters`),
  )
  const listed = page
    .getByRole('table', { name: 'Cases' })
    .getByRole('row')
    .filter({ hasText: 'Verification failed' })
  await expect(listed).toHaveCount(Math.min(counted, 50))
})

test("a chart's CSV holds its table's rows, and the download is in /activity", async ({ page }) => {
  await openWithFailures(page)
  const link = page.getByRole('link', { name: /Download CSV: Why verifications failed/ })
  const href = await link.getAttribute('href')
  const response = await page.request.get(href!)
  expect(response.status()).toBe(200)
  expect(response.headers()['content-disposition']).toContain(
    'verity-analytics-failure-reasons-2026-08-04-to-2026-11-01.csv',
  )
  const [header, ...rows] = parseCsv(await response.text())
  expect(header).toEqual(['Error category', 'Codes', 'Failed verifications'])
  expect(rows).toEqual(await tableCells(page, 'failure-reasons'))

  await page.goto('/activity')
  const activity = page.getByRole('region', { name: 'Activity' })
  await expect(
    activity.getByRole('row').filter({ hasText: 'Exported as CSV' }).first(),
  ).toContainText('Analytics')
})

test('a bad period is answered with what is wrong, not a crash', async ({ page }) => {
  await page.goto('/analytics?from=2026-02-30&to=2026-03-01')
  await expect(page.getByRole('alert')).toContainText('from is not a calendar date')
  const csv = await page.request.get('/analytics/csv?period=12')
  expect(csv.status()).toBe(400)
  expect((await csv.json()) as { detail: string }).toMatchObject({
    detail: 'period must be 7, 30 or 90 (days).',
  })
})
