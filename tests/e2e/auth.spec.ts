import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

import { expect, test, type BrowserContext, type Page } from '@playwright/test'

import { sealSession } from '@/lib/auth/session-seal'
import { exampleIds } from '@/lib/demo/example-ids'

import { freePort } from '@/tools/harness/free-port'
import {
  AUDIT_HMAC_KEY,
  SESSION_SECRET,
  startAuthApp,
  type AuthApp,
} from '@/tests/e2e/support/auth-app'
import { startOidcProvider, type OidcServer } from '@/tools/harness/oidc-provider'
import { hydrated } from '@/tests/e2e/support/until-answered'

/*
 * The whole sign-in flow in the browser, against a real OpenID Connect provider and a Verity
 * instance of its own with sign-in enabled (the suite's main instance runs with it off).
 */

test.describe.configure({ mode: 'serial' })

const shortId = exampleIds.shortIds.verified
const deepLink = `/verifications/${shortId}`
const documentNumber = 'AB507864527'

let provider: OidcServer
let app: AuthApp

test.beforeAll(async () => {
  test.setTimeout(90_000)
  const port = await freePort()
  provider = await startOidcProvider(`http://127.0.0.1:${port}/auth/callback`)
  app = await startAuthApp(port, provider)
})

test.afterAll(async () => {
  await app?.stop()
  await provider?.stop()
})

test.use({ baseURL: undefined })

async function signIn(page: Page, login: string) {
  await page.getByRole('link', { name: /single sign-on|another account/ }).click()
  await page.getByPlaceholder('Enter any login').fill(login)
  await page.getByPlaceholder('and password').fill('any password')
  await page.getByRole('button', { name: 'Sign-in' }).click()
}

async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'verity_session')
}

test('a deep link followed before sign-in lands on the same page after sign-in, with the analyst in the header', async ({
  page,
}) => {
  await page.goto(`${app.url}${deepLink}`)
  await expect(page).toHaveURL(`${app.url}/auth/sign-in?returnTo=${encodeURIComponent(deepLink)}`)
  await expect(page.getByRole('heading', { name: 'Sign in to Verity' })).toBeVisible()

  await signIn(page, 'ana')
  await expect(page).toHaveURL(`${app.url}${deepLink}`)
  await expect(page.getByRole('banner').getByText('Ana Analyst · ana@verity.test')).toBeVisible()
  const cookie = await sessionCookie(page.context())
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' })
  expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 3000)
})

test('identity numbers are masked until revealed, and the reveal is audited', async ({ page }) => {
  await page.goto(`${app.url}${deepLink}`)
  await signIn(page, 'ana')
  await expect(page.getByRole('button', { name: 'Reveal document number' }).first()).toBeVisible()
  await expect(page.getByText(documentNumber)).toHaveCount(0)
  await expect(page.getByText('••••4527').first()).toBeVisible()
  await hydrated(page)

  await page.getByRole('button', { name: 'Reveal document number' }).first().click()
  await expect(page.getByText(documentNumber).first()).toBeVisible()

  await expect
    .poll(() => app.auditLines())
    .toContainEqual(
      expect.objectContaining({
        user: 'ana@verity.test',
        action: 'reveal',
        resource: { type: 'verification', id: shortId },
        // The field revealed, by its path in the record (never its value).
        field: expect.stringMatching(/(^|\.)doc(ument)?_number$/),
        outcome: 'ok',
      }),
    )
  expect(app.logs()).not.toContain(documentNumber)

  // The record's Activity panel lists the reveal, newest first, above the views.
  await page.reload()
  const activity = page.getByRole('region', { name: 'Activity' })
  await expect(activity.getByRole('row').nth(1)).toContainText('Viewed')
  await expect(activity).toContainText('Revealed document number')
  await expect(activity).toContainText('ana@verity.test')
  await expect(activity).not.toContainText(documentNumber)
})

test('an account allowed by group signs in too', async ({ page }) => {
  await page.goto(`${app.url}/profiles`)
  await signIn(page, 'gus')
  await expect(page).toHaveURL(`${app.url}/profiles`)
  await expect(page.getByRole('banner').getByText('Gus Group · gus@contractor.test')).toBeVisible()
})

test('an account outside the allow-list is refused with a clear page and no session, audited', async ({
  page,
}) => {
  await page.goto(`${app.url}${deepLink}`)
  await signIn(page, 'mallory')
  await expect(page).toHaveURL(`${app.url}/auth/sign-in?error=not_allowed`)
  await expect(
    page.getByRole('alert').filter({ hasText: 'This account may not use Verity' }),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: 'Sign in with another account' })).toBeVisible()
  expect(await sessionCookie(page.context())).toBeUndefined()
  expect((await page.request.get(`${app.url}/api/profiles`)).status()).toBe(401)
  expect(app.auditLines()).toContainEqual(
    expect.objectContaining({
      user: 'mallory@outside.test',
      action: 'sign_in_refused',
      outcome: 'not_allowed',
    }),
  )
})

for (const [login, how] of [
  ['omar', 'omits email_verified'],
  ['una', 'says email_verified: false'],
] as const) {
  test(`an address in the allowed domain is refused when the provider ${how}`, async ({ page }) => {
    await page.goto(`${app.url}${deepLink}`)
    await signIn(page, login)
    await expect(page).toHaveURL(`${app.url}/auth/sign-in?error=not_allowed`)
    await expect(
      page.getByRole('alert').filter({ hasText: 'This account may not use Verity' }),
    ).toBeVisible()
    expect(await sessionCookie(page.context())).toBeUndefined()
  })
}

test('a tampered session cookie is refused: pages go to sign-in, the API answers 401', async ({
  page,
  context,
}) => {
  await page.goto(`${app.url}${deepLink}`)
  await signIn(page, 'ana')
  await expect(page).toHaveURL(`${app.url}${deepLink}`)
  const cookie = await sessionCookie(context)
  if (!cookie) throw new Error('no session cookie after sign-in')
  const flipped = cookie.value.at(-3) === 'A' ? 'B' : 'A'
  await context.clearCookies()
  await context.addCookies([
    { ...cookie, value: `${cookie.value.slice(0, -3)}${flipped}${cookie.value.slice(-2)}` },
  ])

  await page.goto(`${app.url}${deepLink}`)
  await expect(page).toHaveURL(/\/auth\/sign-in\?returnTo=/)
  await expect(page.getByText(documentNumber)).toHaveCount(0)
  await context.addCookies([{ ...cookie, value: `${cookie.value}x` }])
  const api = await page.request.get(`${app.url}/api/verifications/short/${shortId}`)
  expect(api.status()).toBe(401)
  expect(api.headers()['content-type']).toContain('application/problem+json')
})

test('an expired session cookie is refused: pages go to sign-in, the API answers 401', async ({
  page,
  context,
}) => {
  const twoHoursAgo = Date.now() - 2 * 3600 * 1000
  const expired = await sealSession(
    'a-session-id-sealed-two-hours-ago',
    { secret: SESSION_SECRET, maxAgeSeconds: 3600 },
    twoHoursAgo,
  )
  await context.addCookies([
    { name: 'verity_session', value: expired, url: app.url, httpOnly: true, sameSite: 'Lax' },
  ])

  await page.goto(`${app.url}${deepLink}`)
  await expect(page).toHaveURL(/\/auth\/sign-in\?returnTo=/)
  const api = await page.request.get(`${app.url}/api/profiles`)
  expect(api.status()).toBe(401)
})

test('sign-out ends the session: the cookie kept from before no longer works', async ({
  page,
  context,
}) => {
  await page.goto(`${app.url}${deepLink}`)
  await signIn(page, 'ana')
  await expect(page).toHaveURL(`${app.url}${deepLink}`)
  const kept = await sessionCookie(context)
  if (!kept) throw new Error('no session cookie after sign-in')

  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(`${app.url}/auth/sign-in?signedOut=1`)
  await expect(page.getByRole('status').filter({ hasText: 'You are signed out.' })).toBeVisible()
  expect(await sessionCookie(context)).toBeUndefined()
  await page.goto(`${app.url}/profiles`)
  await expect(page).toHaveURL(/\/auth\/sign-in\?returnTo=%2Fprofiles/)

  // Replayed, the signed-out cookie is refused: the session ended in the store, not only here.
  const replayed = await page.request.get(`${app.url}/api/profiles`, {
    headers: { cookie: `${kept.name}=${kept.value}` },
  })
  expect(replayed.status()).toBe(401)
  expect(app.auditLines().filter((line) => line.action === 'sign_out')).toHaveLength(1)
})

test('the activity page lists the run and says the trail verifies; viewing it is audited', async ({
  page,
}) => {
  await page.goto(`${app.url}/activity?analyst=ana%40verity.test&action=reveal`)
  await signIn(page, 'ana')
  await expect(page).toHaveURL(`${app.url}/activity?analyst=ana%40verity.test&action=reveal`)
  await expect(
    page.getByRole('status').filter({ hasText: 'The audit trail verifies' }),
  ).toBeVisible()
  const rows = page.getByRole('table', { name: 'Activity, newest first' }).getByRole('row')
  // The heading row and the one reveal of the run.
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(1)).toContainText('Revealed document number')
  await expect(rows.nth(1)).toContainText(shortId)
  expect(app.auditLines().at(-1)).toMatchObject({
    action: 'view',
    user: 'ana@verity.test',
    resource: { type: 'activity', id: 'analyst=ana%40verity.test&action=reveal' },
  })
})

test('the audit trail holds each view, reveal, sign-in and sign-out, and the verifier finds an edited row', async () => {
  const lines = app.auditLines()
  const views = lines.filter((line) => line.action === 'view' && line.user === 'ana@verity.test')
  expect(views).toContainEqual(
    expect.objectContaining({ resource: { type: 'verification', id: shortId }, outcome: 'ok' }),
  )
  expect(lines).toContainEqual(
    expect.objectContaining({
      action: 'view',
      user: 'gus@contractor.test',
      resource: expect.objectContaining({ type: 'profile_list' }),
    }),
  )
  expect(lines.filter((line) => line.action === 'reveal')).toHaveLength(1)
  expect(lines.filter((line) => line.action === 'sign_in').length).toBeGreaterThanOrEqual(6)
  // The refused account appears in its refusal only.
  expect(
    lines.filter((line) => String(line.user).includes('mallory')).map((line) => line.action),
  ).toEqual(['sign_in_refused'])
  // One writer, no row missing: its numbers of the lines are 1, 2, 3, ... (the sequencer then
  // seals them into one chain, which the verifier checks below).
  expect(lines.map((line) => line.writerSeq)).toEqual(lines.map((_, index) => index + 1))

  // The embedded store serves one process: the command-line tools read it once the server stops.
  await app.stopServer()
  expect(verify([])).toMatchObject({
    status: 0,
    stdout: expect.stringContaining(`OK: ${lines.length} rows, chain intact`),
  })
  const exported = join(app.dataDir, 'trail.jsonl')
  expect(run('scripts/audit-export.ts', [exported]).status).toBe(0)
  expect(verify([exported]).status).toBe(0)
  const trail = readFileSync(exported, 'utf8')
  // The row's place in the chain is the sequencer's, read from the exported trail.
  const revealRow = trail
    .split('\n')
    .map((line) =>
      line.includes('"action":"reveal"') ? (JSON.parse(line) as { seq: number }) : null,
    )
    .find((row) => row !== null)?.seq
  expect(revealRow).toBeGreaterThan(0)
  writeFileSync(exported, trail.replace('"action":"reveal"', '"action":"view"'))
  expect(verify([exported])).toMatchObject({
    status: 1,
    stdout: expect.stringContaining(`BROKEN at row ${revealRow}`),
  })
})

function run(script: string, args: string[]) {
  return spawnSync(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', script, ...args],
    {
      encoding: 'utf8',
      env: { ...process.env, VERITY_DATA_DIR: app.dataDir, AUDIT_HMAC_KEY, DATABASE_URL: '' },
    },
  )
}

function verify(args: string[]) {
  return run('scripts/audit-verify.ts', args)
}
