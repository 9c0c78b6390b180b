import { expect, type Browser, type Page } from '@playwright/test'

import { SESSION_COOKIE } from '@/lib/auth/session-cookie'

import type { OidcServer } from '@/tools/harness/oidc-provider'

/*
 * Signing in as analysts do: through the login form of the test provider (oidc-provider.ts), which
 * the browser tests and the bench both use.
 */

export type Session = { name: string; value: string; header: string }

/**
 * The environment of a Verity with sign-in on through `provider`, for the accounts of the domain
 * verity.test, with its own session secret and audit key.
 */
export function signInEnv(
  provider: Pick<OidcServer, 'issuer' | 'clientId' | 'clientSecret'>,
  secrets: { sessionSecret: string; auditHmacKey: string },
) {
  return {
    AUTH_DISABLED: 'false',
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    SESSION_SECRET: secrets.sessionSecret,
    AUDIT_HMAC_KEY: secrets.auditHmacKey,
    AUTH_ALLOWED_EMAIL_DOMAINS: 'verity.test',
  }
}

/**
 * Signs in through the test provider's login form from a Verity page that shows the sign-in link,
 * and waits to be back.
 */
export async function signInAs(page: Page, login: string) {
  await page.getByRole('link', { name: /single sign-on|another account/ }).click()
  await page.getByPlaceholder('Enter any login').fill(login)
  await page.getByPlaceholder('and password').fill('any password')
  await page.getByRole('button', { name: 'Sign-in' }).click()
  await expect(page).not.toHaveURL(/\/auth\/|\/interaction\//)
}

/** Signs in as the analyst `ana` in a context of its own; the session cookie it ends with. */
export async function signInAnalyst(browser: Browser, appUrl: string): Promise<Session> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await page.goto(`${appUrl}/profiles`)
    await signInAs(page, 'ana')
    const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE)
    if (!cookie) throw new Error('Signing in left no session cookie')
    return { name: cookie.name, value: cookie.value, header: `${cookie.name}=${cookie.value}` }
  } finally {
    await context.close()
  }
}
