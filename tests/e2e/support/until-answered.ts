import { expect, type Locator, type Page } from '@playwright/test'

/*
 * Pages are server-rendered, so they show before React has hydrated them; a key, click or choice
 * made in between reaches no handler and is lost. These repeat the act until the page answers,
 * each check with a short timeout so a lost act is soon repeated.
 */

export const answerTimeout = { timeout: 2_000 }

export async function untilAnswered(act: () => Promise<unknown>, answered: () => Promise<unknown>) {
  await expect(async () => {
    await act()
    await answered()
  }).toPass({ timeout: 25_000 })
}

export function pressUntilAnswered(page: Page, key: string, answered: () => Promise<unknown>) {
  return untilAnswered(() => page.locator('body').press(key), answered)
}

/** Clicks `target` while it is still there: a click that was answered may have removed it. */
export function clickUntilAnswered(target: Locator, answered: () => Promise<unknown>) {
  return untilAnswered(async () => {
    if ((await target.count()) > 0) await target.click(answerTimeout)
  }, answered)
}

/** Opens the collapsed disclosure in `container`, clicking only while it is still collapsed. */
export function expand(container: Locator) {
  return clickUntilAnswered(container.getByRole('button', { expanded: false }).first(), () =>
    expect(container.getByRole('button', { expanded: true }).first()).toBeVisible(answerTimeout),
  )
}

/**
 * Waits until the page has hydrated and its effects have run: the header's clock switch has no
 * choice in the server's HTML and shows one only once React has taken the page over.
 */
export async function hydrated(page: Page) {
  await expect(
    page.getByRole('group', { name: 'Time zone' }).getByRole('button', { pressed: true }),
  ).toBeVisible({ timeout: 25_000 })
}
