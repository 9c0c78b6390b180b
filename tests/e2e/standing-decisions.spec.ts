import { expect, test, type Page } from '@playwright/test'

import { startSimulator, type Simulator } from '@/simulator/server/server'

import { startApp, type AppInstance } from '@/tests/e2e/support/app-instance'

/*
 * Standing decisions (#45) through the simulator: an applicant is screened, its three matches are
 * decided false positive, and the provider re-screens it (POST /__sim/history with `rescreen_of`)
 * with two matches unchanged, one changed and one new. The mirror carries the two over when the
 * record arrives. Runs its own simulator and Verity, as queue.spec.ts does, since it adds records.
 */

const KEY = 'standing-suite-key'
let sim: Simulator
let app: AppInstance

test.beforeAll(async () => {
  test.setTimeout(120_000)
  sim = await startSimulator({ apiKey: KEY })
  app = await startApp(
    { DS_API_BASE_URL: sim.url, DS_API_KEY: KEY, VERITY_DEMO: 'true', HISTORY_SYNC: 'on' },
    undefined,
    90_000,
  )
})

test.afterAll(async () => {
  await app?.stop()
  await sim?.close()
})

test.describe.configure({ timeout: 180_000 })

const at = (path: string) => app.url + path
const arrival = { timeout: 60_000, intervals: [2_000] }
const card = (page: Page, uuid: string) => page.locator(`article#match-${uuid}`)
const carriedCards = (page: Page) =>
  page.locator('article[id^="match-"]').filter({ hasText: 'False positive · Verity' })

type Added = { recordId: string; searchId: string }

/** Adds one screening as the newest; an added record's search id differs in its first group only. */
async function screen(body: Record<string, unknown>): Promise<Added> {
  const response = await fetch(`${sim.url}/__sim/history`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ risk: 'High', ...body }),
  })
  expect(response.status).toBe(200)
  const { ids } = (await response.json()) as { ids: string[] }
  const recordId = ids[0] ?? ''
  return { recordId, searchId: recordId.replace(/^9e000002/, '9e000003') }
}

async function matchesOf(searchId: string): Promise<string[]> {
  const response = await fetch(`${sim.url}/api/v3/aml/search/history/${searchId}`, {
    headers: { 'ds-api-token': KEY },
  })
  const report = (await response.json()) as { data: { uuid: string }[] }
  return report.data.map((match) => match.uuid)
}

const reportPath = ({ recordId, searchId }: Added) =>
  `/aml/${searchId}?subject=${encodeURIComponent(`screening:${recordId}`)}`

/**
 * Waits for the mirror to hold the screening, decides each match false positive and closes its
 * case so, as an analyst finishes the work: what stays in /queue is what the re-screening opens.
 */
async function decideAllFalsePositive(page: Page, screening: Added) {
  await expect
    .poll(async () => {
      await page.goto(at(reportPath(screening)))
      return page.getByRole('region', { name: 'Screened subject' }).count()
    }, arrival)
    .toBeGreaterThan(0)
  for (const matchUuid of await matchesOf(screening.searchId)) {
    const response = await page.request.post(at(`/api/aml/${screening.searchId}/decisions`), {
      headers: { origin: app.url },
      data: {
        matchUuid,
        decision: 'false_positive',
        action: 'set',
        reason: 'Another person: different year of birth.',
        subject: `screening:${screening.recordId}`,
      },
    })
    expect(response.status()).toBeLessThan(300)
  }
  // The mirror makes the case when it stores the record, which the report page does not wait for.
  await expect.poll(() => caseOf(page, screening), arrival).not.toBeNull()
  const kase = await caseOf(page, screening)
  const closed = await page.request.post(at(`/api/cases/${kase}`), {
    headers: { origin: app.url },
    data: { action: 'close', outcome: 'false_positive', reason: 'Every match is another person.' },
  })
  expect(closed.status(), await closed.text()).toBe(200)
}

/** The id of the screening's case among the open High-risk cases, or null while it has none. */
async function caseOf(page: Page, screening: Added) {
  for (let n = 1; n <= 40; n += 1) {
    const response = await page.request.get(at(`/api/cases?risk=High&page=${n}`))
    const { cases } = (await response.json()) as { cases: { id: number; resourceId: string }[] }
    const kase = cases.find((listed) => listed.resourceId === screening.searchId.toLowerCase())
    if (kase) return kase.id
    if (cases.length === 0) break
  }
  return null
}

/** Follows the queue's pages until a case names `name`; its row, or null when the pages end. */
async function queueRow(page: Page, name: string) {
  await page.goto(at('/queue?risk=High'))
  for (let pages = 0; pages < 40; pages += 1) {
    const row = page
      .getByRole('table', { name: 'Cases' })
      .getByRole('row')
      .filter({ hasText: name })
    if ((await row.count()) > 0) return row
    const next = page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('link', { name: 'Next →' })
    if ((await next.count()) === 0) return null
    await page.goto(at((await next.getAttribute('href')) ?? ''))
  }
  return null
}

test('a re-screening carries unchanged false positives over and reopens the changed match', async ({
  page,
}) => {
  const stamp = Date.now().toString(36).toUpperCase()
  const name = `STANDING ${stamp}`
  const applicant = `app-standing-${stamp.toLowerCase()}`
  const first = await screen({ name, applicant_id: applicant })
  await decideAllFalsePositive(page, first)
  const [changed = '', ...unchanged] = await matchesOf(first.searchId)

  const again = await screen({
    name,
    applicant_id: applicant,
    rescreen_of: first.searchId,
    changed: 1,
    added: 1,
  })
  const matches = await matchesOf(again.searchId)
  expect(matches).toHaveLength(4)
  const added = matches.find((uuid) => uuid !== changed && !unchanged.includes(uuid)) ?? ''

  await expect
    .poll(async () => {
      await page.goto(at(reportPath(again)))
      return carriedCards(page).count()
    }, arrival)
    .toBe(2)
  for (const uuid of unchanged) {
    await expect(card(page, uuid)).toContainText('False positive · Verity')
    await expect(card(page, uuid)).toContainText(
      /carried over from decision \d+ by .+ on \d{4}-\d{2}-\d{2}; record unchanged/,
    )
  }
  await expect(card(page, changed)).toContainText('Unreviewed')
  await expect(card(page, changed)).toContainText(/Changed since decision \d+: False positive by/)
  // The added source, its members labelled (the fingerprint keeps each with its name).
  await expect(card(page, changed)).toContainText(
    /Sources: added “[^”]*name: UN Security Council; reason: Newly designated; source_id: un-sc/,
  )
  await expect(card(page, added)).toContainText('Unreviewed')
  await expect(card(page, added)).not.toContainText('Changed since decision')
  // The changed card, its items in words, for review at both widths and in both themes.
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 })
      await card(page, changed).screenshot({
        path: test.info().outputPath(`changed-card-${width}-${scheme}.png`),
      })
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1280, height: 900 })

  const row = await queueRow(page, name)
  expect(row).not.toBeNull()
  await expect(row!).toContainText('2 of 4 matches reviewed')

  // The applicant page lists the standing false positives, two of them carried over once.
  await page.goto(at(`/applicants/${applicant}`))
  const standing = page.getByRole('region', { name: 'Standing false positives' })
  await expect(standing.getByRole('heading')).toHaveText('Standing false positives (3)')
  await expect(standing.getByText(/carried over once/)).toHaveCount(2)
  await expect(standing.getByText(/record last changed/)).toHaveCount(1)
})

test('an applicant whose re-screening changed nothing is not in /queue', async ({ page }) => {
  const stamp = Date.now().toString(36).toUpperCase()
  const name = `UNCHANGED ${stamp}`
  // A customer's own id, as the upstream passes it on (#54 item 9).
  const applicant = `ext/ACME Corp+${stamp}`
  const first = await screen({ name, applicant_id: applicant })
  await decideAllFalsePositive(page, first)
  const again = await screen({ name, applicant_id: applicant, rescreen_of: first.searchId })
  await expect
    .poll(async () => {
      await page.goto(at(reportPath(again)))
      return carriedCards(page).count()
    }, arrival)
    .toBe(3)
  expect(await queueRow(page, name)).toBeNull()
  // Its applicant page opens, lists what stands, and a lead (the demo's one viewer) revokes one.
  await page.goto(at(`/applicants/${encodeURIComponent(applicant)}`))
  const standing = page.getByRole('region', { name: 'Standing false positives' })
  await expect(standing.getByRole('heading')).toHaveText('Standing false positives (3)')
  await expect(page.getByRole('heading', { level: 1 })).toContainText(applicant)
  await standing.getByRole('button', { name: 'Revoke…' }).first().click()
  await standing
    .getByLabel('Why it no longer stands')
    .fill('The customer id was reused for another person')
  await standing.getByRole('button', { name: 'Revoke decision' }).click()
  await expect(standing.getByRole('heading')).toHaveText('Standing false positives (2)')
})
