import { expect, test, type Page } from '@playwright/test'

import { bestMatchName } from '@/lib/aml/match'
import { DEFAULT_VIEW, sortMatches } from '@/lib/aml/view'
import { buildDataset } from '@/simulator/data/dataset'
import { exampleIds } from '@/lib/demo/example-ids'

import { answerTimeout, hydrated, pressUntilAnswered } from '@/tests/e2e/support/until-answered'

const { profiles, amlResults } = buildDataset()
const navigation = { timeout: 25_000 }

/** The name of the table row or match card that has the keyboard focus. */
function focusedEntry(page: Page) {
  return page.evaluate(() => {
    const entry = document.activeElement?.closest('[data-nav-item]')
    if (!entry) return null
    const link = entry.querySelector('a')
    return (
      link?.textContent?.trim() ??
      entry.querySelector('article')?.getAttribute('aria-label') ??
      null
    )
  })
}

/** The first j, repeated until the page has hydrated and takes it. */
async function firstMove(page: Page, expected: string | null | undefined) {
  await expect
    .poll(async () => {
      if ((await focusedEntry(page)) === null) await page.keyboard.press('j')
      return focusedEntry(page)
    })
    .toBe(expected)
}

test('j and k move through the profile rows and Enter opens the focused profile', async ({
  page,
}) => {
  await page.goto('/profiles?page=1&limit=10')
  await expect(page.getByRole('table').getByRole('link').first()).toBeVisible(navigation)
  const [first, second, third] = profiles.slice(0, 3)

  await firstMove(page, first?.name)
  await page.keyboard.press('j')
  await page.keyboard.press('j')
  expect(await focusedEntry(page)).toBe(third?.name)
  await page.keyboard.press('k')
  expect(await focusedEntry(page)).toBe(second?.name)

  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(`/profiles/${second?.profile_id}`, navigation)
})

test('j typed into the search box is text, not a move', async ({ page }) => {
  await page.goto('/profiles?page=1&limit=10')
  await expect(page.getByRole('table').getByRole('link').first()).toBeVisible(navigation)
  // Before hydration no key moves anything: only a hydrated page shows the guard at work.
  await hydrated(page)
  const search = page.getByRole('searchbox', { name: 'Open a record by id or URL' })
  await search.focus()
  await page.keyboard.type('jk')
  await expect(search).toHaveValue('jk')
  expect(await focusedEntry(page)).toBeNull()
})

test('j and k move through the AML match cards and Enter expands the focused one', async ({
  page,
}) => {
  const result = amlResults.get(exampleIds.amlRichId)
  const names = sortMatches(result?.data ?? [], DEFAULT_VIEW.sort).map((match) =>
    bestMatchName(match),
  )
  await page.goto(`/aml/${exampleIds.amlRichId}`)
  await expect(page.getByRole('article').first()).toBeVisible(navigation)

  await firstMove(page, names[0])
  await page.keyboard.press('j')
  expect(await focusedEntry(page)).toBe(names[1])
  await page.keyboard.press('k')
  expect(await focusedEntry(page)).toBe(names[0])

  const toggle = page
    .getByRole('article', { name: names[0] ?? '' })
    .getByRole('button', { expanded: false })
  await expect(toggle).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(
    page.getByRole('article', { name: names[0] ?? '' }).getByRole('button', { expanded: true }),
  ).toBeVisible()
})

test('j reaches cards of a 1,000-match report that were not rendered when it started', async ({
  page,
}) => {
  const result = amlResults.get(exampleIds.amlBigId)
  const names = sortMatches(result?.data ?? [], DEFAULT_VIEW.sort).map((match) =>
    bestMatchName(match),
  )
  await page.goto(`/aml/${exampleIds.amlBigId}`)
  await expect(page.getByRole('article').first()).toBeVisible(navigation)
  const rendered = await page.getByRole('article').count()
  expect(rendered).toBeLessThan(40)

  await firstMove(page, names[0])
  for (let n = 0; n < rendered + 9; n++) await page.keyboard.press('j')
  await expect.poll(() => focusedEntry(page)).toBe(names[rendered + 9])
  await expect(page.locator(':focus')).toBeInViewport()
})

test('? lists the shortcuts and Esc closes the list', async ({ page }) => {
  await page.goto('/profiles')
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await pressUntilAnswered(page, '?', () => expect(dialog).toBeVisible(answerTimeout))
  await expect(dialog.getByText('Next row or card')).toBeVisible()
  // While the list is open, j does not move anything behind it.
  await page.keyboard.press('j')
  expect(await focusedEntry(page)).toBeNull()
  // The page behind the dialog is inert, so a move would not show as focus; it would leave the
  // row it went to focusable.
  await expect(page.locator('[data-nav-item][tabindex]')).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click()
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
})
