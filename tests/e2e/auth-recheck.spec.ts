import { expect, test, type Browser } from '@playwright/test'

import { exampleIds } from '@/lib/demo/example-ids'

import { freePort } from '@/tools/harness/free-port'
import { startAuthApp, type AuthApp } from '@/tests/e2e/support/auth-app'
import { disabledAccounts, startOidcProvider, type OidcServer } from '@/tools/harness/oidc-provider'
import { signInAs } from '@/tools/harness/sign-in'

/*
 * A session lasts only while the provider vouches for the account: rechecked every
 * AUTH_RECHECK_MINUTES (here 0.05, three seconds) with the refresh token and userinfo, and ended
 * at the first request after the provider refused.
 */

test.describe.configure({ mode: 'serial', timeout: 90_000 })

const RECHECK_MS = 3_000
const deepLink = `/verifications/${exampleIds.shortIds.verified}`

let provider: OidcServer
let app: AuthApp

test.beforeAll(async () => {
  test.setTimeout(90_000)
  const port = await freePort()
  provider = await startOidcProvider(`http://127.0.0.1:${port}/auth/callback`)
  app = await startAuthApp(port, provider, { AUTH_RECHECK_MINUTES: '0.05' })
})

test.afterAll(async () => {
  disabledAccounts.clear()
  await app?.stop()
  await provider?.stop()
})

test.use({ baseURL: undefined })

async function signedIn(browser: Browser, login: string) {
  const page = await (await browser.newContext()).newPage()
  await page.goto(`${app.url}${deepLink}`)
  await signInAs(page, login)
  await expect(page).toHaveURL(`${app.url}${deepLink}`)
  return page
}

/** Past the recheck interval, with a margin. */
const pastInterval = () => new Promise((resolve) => setTimeout(resolve, RECHECK_MS + 1_500))

test('a session ends at the next request once the provider refuses the account; others go on', async ({
  browser,
}) => {
  const ana = await signedIn(browser, 'ana')
  const gus = await signedIn(browser, 'gus')

  // Rechecked and vouched for: still signed in past the interval, the refresh token renewed.
  await pastInterval()
  await ana.goto(`${app.url}/profiles`)
  await expect(ana).toHaveURL(`${app.url}/profiles`)
  expect(app.auditLines().filter((line) => line.action === 'session_expired')).toEqual([])

  disabledAccounts.add('ana')
  await pastInterval()
  await ana.goto(`${app.url}/profiles`)
  await expect(ana).toHaveURL(/\/auth\/sign-in\?returnTo=%2Fprofiles/)
  const api = await ana.request.get(`${app.url}/api/profiles`)
  expect(api.status()).toBe(401)
  expect(app.auditLines().filter((line) => line.action === 'session_expired')).toEqual([
    expect.objectContaining({
      user: 'ana@verity.test',
      analystId: `${provider.issuer} ana`,
      outcome: 'provider_refused',
    }),
  ])

  // Another analyst's session is rechecked on its own and goes on.
  await gus.goto(`${app.url}/profiles`)
  await expect(gus).toHaveURL(`${app.url}/profiles`)
  const gusApi = await gus.request.get(`${app.url}/api/profiles`)
  expect(gusApi.status()).toBe(200)

  // The provider's tokens stay on the server: the browser holds only the session cookie.
  // (Cookies ignore ports: the test provider's own, named with a leading _, share the host.)
  const cookies = (await gus.context().cookies(app.url)).filter(
    (cookie) => !cookie.name.startsWith('_'),
  )
  expect(cookies.map((cookie) => cookie.name)).toEqual(['verity_session'])
  expect(cookies[0]!.value.length).toBeLessThan(400)
  await ana.context().close()
  await gus.context().close()
})
