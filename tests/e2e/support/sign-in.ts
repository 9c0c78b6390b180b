import { expect, type Page } from '@playwright/test'

/**
 * Signs in through the test provider's login form (tests/e2e/support/oidc-provider.ts) from a
 * Verity page that shows the sign-in link, and waits to be back.
 */
export async function signInAs(page: Page, login: string) {
  await page.getByRole('link', { name: /single sign-on|another account/ }).click()
  await page.getByPlaceholder('Enter any login').fill(login)
  await page.getByPlaceholder('and password').fill('any password')
  await page.getByRole('button', { name: 'Sign-in' }).click()
  await expect(page).not.toHaveURL(/\/auth\/|\/interaction\//)
}
