import type { Browser } from '@playwright/test'

import { SESSION_COOKIE } from '@/lib/auth/session-cookie'

import { startOidcProvider, type OidcServer } from '@/tests/e2e/support/oidc-provider'
import { signInAs } from '@/tests/e2e/support/sign-in'

/*
 * Verity is measured as analysts use it: with sign-in on, through the OpenID Connect provider the
 * browser tests use (tests/e2e/support/oidc-provider.ts), and every request of the benchmark
 * carries the session cookie an analyst gets by signing in through its login form.
 */

const SESSION_SECRET = 'bench-session-secret-0123456789-abcdefghijklmnop'
const AUDIT_HMAC_KEY = 'bench-audit-hmac-key-0123456789-abcdefghijklmnop'

export type Session = { name: string; value: string; header: string }

/** The provider, for a Verity that will listen on `port`, and the environment that Verity needs. */
export async function startSignIn(port: number) {
  const provider: OidcServer = await startOidcProvider(`http://127.0.0.1:${port}/auth/callback`)
  const env = {
    AUTH_DISABLED: 'false',
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    SESSION_SECRET,
    AUDIT_HMAC_KEY,
    AUTH_ALLOWED_EMAIL_DOMAINS: 'verity.test',
  }
  return { provider, env }
}

/** Signs in as the analyst `ana` through the login form; the session cookie it ends with. */
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
