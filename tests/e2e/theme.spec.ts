import { expect, test, type Page } from '@playwright/test'

import { hydrated } from '@/tests/e2e/support/until-answered'

/*
 * Records whether <html> is dark at the moment <body> is parsed, before any paint: a theme set
 * only after hydration would flash the wrong colours first.
 */
async function watchFirstPaint(page: Page) {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.body) return
      ;(window as unknown as { darkAtBody: boolean }).darkAtBody =
        document.documentElement.classList.contains('dark')
      observer.disconnect()
    })
    observer.observe(document, { childList: true, subtree: true })
  })
}

const darkAtBody = (page: Page) =>
  page.evaluate(() => (window as unknown as { darkAtBody?: boolean }).darkAtBody)
const html = (page: Page) => page.locator('html')
const themeButton = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: `${name} theme` })

test('the theme follows a dark system setting from the first paint', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await watchFirstPaint(page)
  await page.goto('/profiles')
  expect(await darkAtBody(page)).toBe(true)
  await expect(html(page)).toHaveClass(/\bdark\b/)
  await expect(themeButton(page, 'System')).toHaveAttribute('aria-pressed', 'true')
})

test('a dark choice on a light system persists across reloads without a flash', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await watchFirstPaint(page)
  await page.goto('/')
  await expect(html(page)).not.toHaveClass(/\bdark\b/)
  const bodyBackground = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
  const lightBackground = await bodyBackground()
  await hydrated(page)
  await themeButton(page, 'Dark').click()
  await expect(html(page)).toHaveClass(/\bdark\b/)
  await expect(themeButton(page, 'Dark')).toHaveAttribute('aria-pressed', 'true')

  await page.goto('/webhooks')
  expect(await darkAtBody(page)).toBe(true)
  await expect(themeButton(page, 'Dark')).toHaveAttribute('aria-pressed', 'true')
  // The page background really is dark, not only the class.
  expect(await bodyBackground()).not.toBe(lightBackground)
})

test('a light choice holds on a dark system, and System hands control back', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await watchFirstPaint(page)
  await page.goto('/')
  await hydrated(page)
  await themeButton(page, 'Light').click()
  await expect(html(page)).not.toHaveClass(/\bdark\b/)
  await page.reload()
  expect(await darkAtBody(page)).toBe(false)
  await expect(themeButton(page, 'Light')).toHaveAttribute('aria-pressed', 'true')

  await themeButton(page, 'System').click()
  await expect(html(page)).toHaveClass(/\bdark\b/)
  // While following the system, a change of the system setting applies at once.
  await page.emulateMedia({ colorScheme: 'light' })
  await expect(html(page)).not.toHaveClass(/\bdark\b/)
})

test('the theme script runs under the page’s Content-Security-Policy', async ({ page }) => {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  await page.goto('/')
  await expect(page.getByRole('group', { name: 'Theme' })).toBeVisible()
  expect(violations).toEqual([])
})
