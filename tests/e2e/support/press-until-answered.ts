import { expect, type Page } from '@playwright/test'

/**
 * Pages are server-rendered, so they show before React has hydrated them and attached the
 * shortcut listeners; a key pressed in between is lost. Press again until the page answers.
 * `answered` should use a short timeout so a lost key is retried soon.
 */
export async function pressUntilAnswered(page: Page, key: string, answered: () => Promise<void>) {
  await expect(async () => {
    await page.locator('body').press(key)
    await answered()
  }).toPass({ timeout: 25_000 })
}
