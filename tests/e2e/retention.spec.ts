import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'

import { startSimulator, type Simulator } from '@/simulator/server/server'

import { startAuthApp, type AuthApp } from '@/tests/e2e/support/auth-app'
import { simulatorEnv } from '@/tools/harness/app'
import { freePort } from '@/tools/harness/free-port'
import { startOidcProvider, type OidcServer } from '@/tools/harness/oidc-provider'
import { signInAs } from '@/tools/harness/sign-in'

/*
 * Retention on the applicant page (#57), with sign-in on: a lead records the end of the business
 * relationship and the clock says until when the data is kept, then places and lifts a legal hold;
 * an analyst sees the clock but no action, and /retention does not exist for them. Runs its own
 * simulator (it adds a record) and Verity, with a provider whose `lea` leads.
 */

const KEY = 'retention-suite-key'
const APPLICANT = 'e2e-retention-applicant'
let sim: Simulator
let provider: OidcServer
let app: AuthApp

test.beforeAll(async () => {
  test.setTimeout(150_000)
  sim = await startSimulator({ apiKey: KEY })
  const response = await fetch(`${sim.url}/__sim/history`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      event_type: 'AML_SCREENING',
      risk: 'Low',
      name: 'Petra Lindqvist',
      applicant_id: APPLICANT,
    }),
  })
  expect(response.status).toBe(200)
  const port = await freePort()
  provider = await startOidcProvider(`http://127.0.0.1:${port}/auth/callback`)
  app = await startAuthApp(port, provider, {
    ...simulatorEnv(sim.url, KEY),
    HISTORY_SYNC: 'on',
    HISTORY_POLL_SECONDS: '1',
    AUTH_LEAD_GROUPS: 'aml-leads',
  })
})

test.afterAll(async () => {
  await app?.stop()
  await provider?.stop()
  await sim?.close()
})

test.describe.configure({ timeout: 180_000 })

const applicantPath = `/applicants/${APPLICANT}`
// After an action the page refreshes from the server: seconds on a machine the suite keeps busy.
const refreshed = { timeout: 30_000 }
const today = () => new Date().toISOString().slice(0, 10)
const fiveYearsOn = () =>
  new Date(Date.parse(`${today()}T00:00:00Z`) + 1_826 * 86_400_000).toISOString().slice(0, 10)

/** Accessibility violations of the page as shown, as short lines (as a11y.spec.ts scans). */
async function violations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze()
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
  )
}

async function signedIn(page: Page, login: string, path: string) {
  await page.goto(`${app.url}${path}`)
  await signInAs(page, login)
  // The mirror holds the applicant's record once its first passes are done.
  await expect
    .poll(
      async () => {
        await page.goto(`${app.url}${path}`)
        return page.getByTestId('retention-clock').textContent()
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .toContain('Kept until')
}

test('a lead records the end of the relationship, places and lifts a hold; an analyst cannot', async ({
  browser,
}) => {
  const leadContext = await browser.newContext()
  const lead = await leadContext.newPage()
  await signedIn(lead, 'lea', applicantPath)
  const clock = lead.getByTestId('retention-clock')
  await expect(clock).toHaveText(
    `Kept until ${fiveYearsOn()}, because it was never onboarded and its last record is of ${today()}.`,
  )

  const retention = lead.getByRole('region', { name: 'Retention' })
  await retention.getByRole('button', { name: 'Record the end of the relationship…' }).click()
  await retention.getByLabel('Ended on').fill(today())
  await retention.getByLabel(/^Why it ended/).fill('Customer closed the account by letter')
  await retention.getByRole('button', { name: 'Record the end' }).click()
  await expect(clock).toHaveText(
    `Kept until ${fiveYearsOn()}, because the business relationship ended on ${today()}.`,
    refreshed,
  )
  await expect(retention).toContainText('Customer closed the account by letter')

  await retention.getByRole('button', { name: 'Place a legal hold…' }).click()
  await retention.getByLabel(/^Why it is held/).fill('Production order of the district court')
  await retention.getByRole('button', { name: 'Place the hold' }).click()
  await expect(retention).toContainText(
    'legal hold: Production order of the district court',
    refreshed,
  )
  await expect(clock).toContainText('Held: nothing is erased until every hold ends.')

  for (const scheme of ['light', 'dark'] as const) {
    await lead.emulateMedia({ colorScheme: scheme })
    for (const width of [1280, 375]) {
      await lead.setViewportSize({ width, height: 900 })
      await lead.goto(`${app.url}${applicantPath}`)
      if (width === 1280) expect(await violations(lead)).toEqual([])
      await lead.screenshot({
        path: test.info().outputPath(`applicant-retention-${width}-${scheme}.png`),
        fullPage: true,
      })
      await lead.goto(`${app.url}/retention`)
      await expect(lead.getByRole('heading', { name: 'Retention', level: 1 })).toBeVisible()
      if (width === 1280) expect(await violations(lead)).toEqual([])
      await lead.screenshot({
        path: test.info().outputPath(`retention-${width}-${scheme}.png`),
        fullPage: true,
      })
    }
  }
  await lead.emulateMedia({ colorScheme: 'light' })
  await lead.setViewportSize({ width: 1280, height: 900 })
  await expect(lead.getByRole('region', { name: /^Legal holds in force/ })).toContainText(APPLICANT)

  await lead.goto(`${app.url}${applicantPath}`)
  await retention.getByRole('button', { name: 'Lift…' }).click()
  await retention.getByLabel(/^Why it is lifted/).fill('The order was withdrawn today')
  await retention.getByRole('button', { name: 'Lift the hold' }).click()
  await expect(retention.getByText('None: nothing keeps it past its clock.')).toBeVisible(refreshed)
  await expect(clock).not.toContainText('Held')

  const analystContext = await browser.newContext()
  const analyst = await analystContext.newPage()
  await signedIn(analyst, 'ana', applicantPath)
  const theirs = analyst.getByRole('region', { name: 'Retention' })
  await expect(theirs).toContainText(`because the business relationship ended on ${today()}`)
  await expect(theirs.getByRole('button')).toHaveCount(0)
  const refused = await analyst.request.post(`${app.url}/api/applicants/${APPLICANT}/holds`, {
    headers: { origin: app.url },
    data: { reason: 'An analyst tries to hold this' },
  })
  expect(refused.status()).toBe(403)
  const page = await analyst.goto(`${app.url}/retention`)
  expect(page?.status()).toBe(404)

  await leadContext.close()
  await analystContext.close()
})
