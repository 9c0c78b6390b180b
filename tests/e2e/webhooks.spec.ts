import { expect, test, type Page } from '@playwright/test'

import { buildDataset } from '@/simulator/data/dataset'
import { exampleIds } from '@/lib/demo/example-ids'
import { simUrl } from '@/playwright.config'

import { openBeforeHydration } from '@/tests/e2e/support/before-hydration'
import { expand } from '@/tests/e2e/support/until-answered'

const history = buildDataset().webhookHistory
const HISTORY_PATH = '/api/v3/notifications/webhook/history'

// Day headings and times follow the browser's zone; UTC makes them comparable with the data set.
test.use({ timezoneId: 'UTC' })

const list = (page: Page) => page.getByRole('list', { name: 'Webhook notifications' })
const recordRow = (page: Page, id: string) =>
  list(page)
    .getByRole('article')
    .filter({ has: page.locator(`code[title="${id}"]`) })
const historyRequests = async (page: Page) => {
  const stats = (await (await page.request.get(`${simUrl}/__sim/stats`)).json()) as {
    byPath: Record<string, number>
  }
  return stats.byPath[HISTORY_PATH] ?? 0
}

/** Scrolls to the end until the history says it ended, so the sentinel keeps loading pages. */
async function loadToTheEnd(page: Page) {
  const end = page.getByText(/^End of history/)
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await expect(end).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 80_000 })
}

test.describe('webhook history', () => {
  test('first page shows the newest records under their day, with type, time and summary', async ({
    page,
  }) => {
    await page.goto('/webhooks')
    const first = history[0]!
    await expect(list(page).getByRole('heading', { level: 2 }).first()).toHaveText(
      new Date(first.timestamp).toLocaleDateString('en-GB', {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }),
    )
    const row = recordRow(page, first.id)
    await expect(row.getByText(first.event_type, { exact: true })).toBeVisible()
    await expect(row.locator('time').first()).toHaveText(first.timestamp.slice(11, 19))
    await expect(row.locator('time').first()).toHaveAttribute(
      'title',
      `${first.timestamp.slice(0, 10)} ${first.timestamp.slice(11, 19)} UTC`,
    )
    await expect(page.getByText('50 notifications loaded')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Load more' })).toBeVisible()
  })

  test('loading more pages reaches the end of history with every record once', async ({ page }) => {
    test.slow()
    await page.goto('/webhooks')
    await expect(page.getByText('50 notifications loaded')).toBeVisible()
    await page.getByRole('button', { name: 'Load more' }).click()
    // The click brings the end of the list into view, which may load further pages at once.
    await expect
      .poll(async () => {
        const text =
          (await page
            .getByText(/notifications loaded/)
            .first()
            .textContent()) ?? ''
        return Number(/([\d,]+) notifications loaded/.exec(text)?.[1]?.replace(/,/g, '') ?? 0)
      })
      .toBeGreaterThanOrEqual(100)
    await loadToTheEnd(page)
    // The count is of distinct records: a page overlapping the one before would not raise it.
    await expect(
      page.getByText(`End of history · ${history.length} notifications loaded`),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0)
    const oldest = history.at(-1)!
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await expect(recordRow(page, oldest.id)).toHaveCount(1)
    // Virtualized: the whole history is loaded, yet the page holds only the rows near the viewport.
    expect(await page.evaluate(() => document.querySelectorAll('*').length)).toBeLessThan(2_000)
  })

  test('the webhook filter lives in the address and narrows the history to one configuration', async ({
    page,
  }) => {
    test.slow()
    const webhookId = exampleIds.webhookIds[2]
    const expected = history.filter((record) => record.webhook_id === webhookId)
    await page.goto(`/webhooks?webhook_id=${webhookId}`)
    const select = page.getByRole('combobox', { name: 'Webhook configuration' })
    await expect(select).toHaveValue(webhookId)
    await expect(recordRow(page, expected[0]!.id)).toBeVisible()
    const shownWebhooks = await list(page)
      .locator('code[title]')
      .evaluateAll((codes) => codes.map((code) => code.getAttribute('title')))
    const other = history.find((record) => record.webhook_id !== webhookId)!
    expect(shownWebhooks).toContain(webhookId)
    expect(shownWebhooks).not.toContain(other.webhook_id)

    await select.selectOption('')
    await expect(page).toHaveURL('/webhooks', { timeout: 20_000 })
    await expect(
      recordRow(page, other.id).or(recordRow(page, history[0]!.id)).first(),
    ).toBeVisible()
    await page
      .getByRole('combobox', { name: 'Webhook configuration' })
      .selectOption(exampleIds.webhookIds[1])
    await expect(page).toHaveURL(`/webhooks?webhook_id=${exampleIds.webhookIds[1]}`, {
      timeout: 20_000,
    })
    await expect(page.getByRole('combobox', { name: 'Webhook configuration' })).toHaveValue(
      exampleIds.webhookIds[1],
    )
  })

  test('a configuration chosen before the page has hydrated is applied once it has', async ({
    page,
  }) => {
    const webhookId = exampleIds.webhookIds[2]
    const release = await openBeforeHydration(page, `/webhooks?webhook_id=${webhookId}`)
    const select = page.getByRole('combobox', { name: 'Webhook configuration' })
    await expect(select).toHaveValue(webhookId)
    await select.selectOption('')
    release()
    await expect(page).toHaveURL('/webhooks', { timeout: 20_000 })
    await expect(recordRow(page, history[0]!.id)).toBeVisible()
  })

  test('an AML_SCREENING record expands to its search request and links to its report', async ({
    page,
  }) => {
    const record = history.find((r) => r.event_type === 'AML_SCREENING')!
    const payload = record.payload as {
      search_request: { full_name: string }
      search_response: { search_uuid: string }
    }
    await page.goto('/webhooks')
    const row = recordRow(page, record.id)
    // The timeline lists summaries; the record's payload is read when it is opened.
    const read = page.waitForResponse((r) =>
      r.url().includes(`/api/webhooks/history/records/${record.id}`),
    )
    await expand(row)
    expect((await read).status()).toBe(200)
    const request = row.getByRole('region', { name: 'AML search request' })
    await expect(request.getByText(payload.search_request.full_name)).toBeVisible()
    await expect(request.getByText('Fuzziness')).toBeVisible()
    await expect(row.getByRole('region', { name: 'Payload' })).toBeVisible()
    const report = row.getByRole('link', { name: 'Open AML report →' })
    // The report compares its matches with this record's screening request.
    const inContext = `/aml/${payload.search_response.search_uuid}?subject=screening%3A${record.id}`
    await expect(report).toHaveAttribute('href', inContext)
    await report.click()
    await expect(page).toHaveURL(inContext, { timeout: 20_000 })
    await expect(page.getByRole('region', { name: 'Screened subject' })).toContainText(
      payload.search_request.full_name,
    )
  })

  test("the first HTML lists summaries, not the screenings' search results", async ({
    request,
  }) => {
    const record = history.find((r) => r.event_type === 'AML_SCREENING')!
    const html = await (await request.get('/webhooks')).text()
    expect(html).toContain(record.id)
    expect(html).not.toContain('search_response')
  })

  test('an event type Verity does not know still shows its type, time and identifying fields', async ({
    page,
  }) => {
    const record = history.find(
      (r) => !['AML_SCREENING', 'DOCVER', 'DOCVER_CHECKS'].includes(r.event_type),
    )!
    const payload = record.payload as { applicant_id: string; external_id: string }
    await page.goto('/webhooks')
    const row = recordRow(page, record.id)
    await expect(row.getByText(record.event_type, { exact: true })).toBeVisible()
    await expect(row.locator('time').first()).toHaveText(record.timestamp.slice(11, 19))
    await expect(row.getByText(`external id ${payload.external_id}`)).toBeVisible()
    await row.getByRole('button', { name: new RegExp(record.event_type) }).click()
    await expect(
      row.getByRole('region', { name: 'Payload' }).getByText(`"${payload.applicant_id}"`),
    ).toBeVisible()
  })

  test('a malformed webhook_id in the address is explained and asks the service nothing', async ({
    page,
  }) => {
    // The simulator is shared with other suites; a request of theirs in between is retried past.
    await expect(async () => {
      const before = await historyRequests(page)
      await page.goto('/webhooks?webhook_id=not-a-uuid')
      await expect(page.getByText('“not-a-uuid” is not a webhook configuration id')).toBeVisible()
      await expect(page.getByRole('link', { name: 'Show the whole history' })).toBeVisible()
      expect(await historyRequests(page)).toBe(before)
    }).toPass({ timeout: 45_000 })
  })

  test('a pasted malformed webhook id is refused in place, a valid one filters', async ({
    page,
  }) => {
    await page.goto('/webhooks')
    const input = page.getByLabel('Paste a webhook id')
    await input.fill('88de0131-13a9')
    await page.getByRole('button', { name: 'Filter' }).click()
    await expect(page.getByText('A webhook id is a UUID')).toBeVisible()
    await expect(page).toHaveURL('/webhooks')
    await input.fill(` ${exampleIds.webhookIds[3].toUpperCase()} `)
    await page.getByRole('button', { name: 'Filter' }).click()
    await expect(page).toHaveURL(`/webhooks?webhook_id=${exampleIds.webhookIds[3]}`, {
      timeout: 20_000,
    })
  })
})

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`webhook history at 1280 px, ${colorScheme} theme`, () => {
    // The server groups a first visit's days in UTC; a browser in another zone regroups them once
    // hydrated, and that change of rows must not scroll the window (it did, 256 px, past the
    // heading and filters, while the timeline's anchor was taken before the list's top was known).
    test.use({ colorScheme, viewport: { width: 1280, height: 800 }, timezoneId: 'Europe/Berlin' })

    test('opens at the top, its heading in view', async ({ page }) => {
      await page.goto('/webhooks')
      await expect(page.getByText('Days and times in Europe/Berlin')).toBeVisible()
      await expect(list(page).getByRole('listitem').first()).toBeVisible()
      expect(await page.evaluate(() => window.scrollY)).toBe(0)
      // Nor later, once every request of the page has been answered.
      await page.waitForLoadState('networkidle')
      expect(await page.evaluate(() => window.scrollY)).toBe(0)
      await expect(
        page.getByRole('heading', { level: 1, name: 'Webhook history' }),
      ).toBeInViewport()
    })
  })
}
