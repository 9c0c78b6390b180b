import { expect, test } from '@playwright/test'

import { exampleIds } from '@/lib/demo/example-ids'

test('the shell shows the product name, the navigation and the search box', async ({ page }) => {
  await page.goto('/')
  const header = page.getByRole('banner')
  await expect(header.getByRole('link', { name: 'Verity', exact: true })).toBeVisible()
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Profiles' })).toHaveAttribute('href', '/profiles')
  await expect(nav.getByRole('link', { name: 'Webhooks' })).toHaveAttribute('href', '/webhooks')
  await expect(page.getByRole('searchbox', { name: 'Open a record by id or URL' })).toBeVisible()
})

test('the home page in demo mode says the data is simulated and links examples', async ({
  page,
}) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Demo mode: simulated data' })).toBeVisible()
  await expect(page.getByRole('banner').getByText('Simulated data')).toBeVisible()
  await expect(
    page.getByRole('link', { name: 'Verification that failed with errors' }),
  ).toHaveAttribute('href', `/verifications/${exampleIds.errorsShortId}`)
  await expect(page.getByRole('link', { name: 'AML report with no matches' })).toHaveAttribute(
    'href',
    `/aml/${exampleIds.amlZeroId}`,
  )
  await expect(page.getByRole('link', { name: 'Default profile' })).toHaveAttribute(
    'href',
    `/profiles/${exampleIds.defaultProfileId}`,
  )
})

test('a header shown before it is wholly parsed is already as tall as the whole one, from 1280 px', async ({
  page,
}) => {
  // The browser may paint a page whose header it has parsed only part way: whatever of the row
  // follows (the links, the badge, the search, the toggles, the account) must not then push the
  // page down. Each cut hides the row's parts from one on, as a parse stopped before it would.
  for (const width of [1280, 1350, 1920]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/')
    const heights = await page.getByRole('banner').evaluate((header) => {
      const row = header.querySelector('nav')!.parentElement!
      const parts = [...row.children].filter((part) => part instanceof HTMLElement)
      const whole = header.getBoundingClientRect().height
      const cut = parts.map((_, from) => {
        parts.forEach((part, index) => (part.style.display = index >= from ? 'none' : ''))
        return header.getBoundingClientRect().height
      })
      return { whole, cut }
    })
    expect(heights.cut.length, `${width} px`).toBeGreaterThan(3)
    for (const [from, height] of heights.cut.entries()) {
      expect(
        Math.abs(heights.whole - height),
        `${width} px, cut before part ${from}`,
      ).toBeLessThanOrEqual(3)
    }
  }
})

test('the page does not move sideways when it grows taller than the window', async ({
  playwright,
}, testInfo) => {
  // A page painted before its rest arrived is shorter than the window; a scrollbar that appeared
  // when the rest came would narrow it and move the centred header and page left (a layout shift
  // Lighthouse measured). Playwright hides scrollbars by default, which would hide the move too.
  const { launchOptions, baseURL } = testInfo.project.use
  const browser = await playwright.chromium.launch({
    ...launchOptions,
    ignoreDefaultArgs: ['--hide-scrollbars'],
  })
  try {
    const page = await browser.newPage({ baseURL, viewport: { width: 1350, height: 940 } })
    await page.goto('/bench-no-such-page')
    const lefts = await page.evaluate(() => {
      const main = document.querySelector('main')!
      const row = document.querySelector('header nav')!.parentElement!
      const left = () => row.getBoundingClientRect().left
      main.style.display = 'none'
      const short = { left: left(), scrolls: document.documentElement.scrollHeight > innerHeight }
      main.style.display = ''
      main.append(Object.assign(document.createElement('div'), { style: 'height: 3000px' }))
      return { short, tall: left(), scrolls: document.documentElement.scrollHeight > innerHeight }
    })
    expect(lefts.short.scrolls).toBe(false)
    expect(lefts.scrolls).toBe(true)
    expect(lefts.tall).toBe(lefts.short.left)
  } finally {
    await browser.close()
  }
})

test('an unknown page shows the not-found page inside the shell', async ({ page }) => {
  const response = await page.goto('/no/such/page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  await expect(page.getByRole('searchbox', { name: 'Open a record by id or URL' })).toBeVisible()
  await page.getByRole('link', { name: 'Back to the start page' }).click()
  await expect(page).toHaveURL('/')
})

test('the search box opens a pasted verification URL', async ({ page }) => {
  await page.goto('/')
  const search = page.getByRole('searchbox', { name: 'Open a record by id or URL' })
  await search.fill(`https://am.dataspike.io/${exampleIds.shortIds.verified}?target=web`)
  await search.press('Enter')
  // The first visit of a page compiles it on a dev server.
  await expect(page).toHaveURL(`/verifications/${exampleIds.shortIds.verified}`, {
    timeout: 25_000,
  })
})
