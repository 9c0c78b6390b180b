import { expect, test, type Page, type Response } from '@playwright/test'

import { exampleIds } from '@/lib/demo/example-ids'
import type { AmlSearchResult, Profile, Verification } from '@/lib/upstream/schemas'
import type { TimelinePage } from '@/lib/webhooks/timeline'

import { findLeaks, identityValues, simGet, type Seen } from '@/tests/e2e/support/raw-identity'
import {
  openSignedIn,
  signedInAuditLines,
  signedInLogs,
  signedInReady,
  signedInUrl,
} from '@/tests/e2e/support/signed-in'
import { expand, hydrated } from '@/tests/e2e/support/until-answered'

/*
 * Personal data leaves the server only masked. A browser walks every page kind, keeping every
 * response body it receives (HTML, RSC payloads, JSON, scripts) and everything it copies; none of
 * them may hold any of the simulator's raw identity values for the records it showed. Then one
 * reveal lets exactly one value through, and the server's audit trail names its field.
 */

const verificationIds = [
  ...Object.values(exampleIds.shortIds),
  exampleIds.errorsShortId,
  exampleIds.sandboxShortId,
  exampleIds.reviewShortId,
  exampleIds.differingShortId,
]
const PROFILE_PAGE = '/api/v3/profiles?page=0&limit=25'
const HISTORY_PAGE = '/api/v3/notifications/webhook/history'

type HistoryPage = { data: { id: string; event_type: string; payload: unknown }[] }

let raw: Set<string>
let history: HistoryPage
let profiles: Profile[]
let errorsVerification: Verification

test.beforeAll(async () => {
  // Exactly the records the walk shows, as the simulator holds them.
  profiles = (await simGet<{ data: Profile[] }>(PROFILE_PAGE)).data
  const profile = await simGet(`/api/v3/profiles/${exampleIds.richProfileId}`)
  const verifications = await Promise.all(
    verificationIds.map((id) => simGet<Verification>(`/api/v3/verifications/short/${id}`)),
  )
  errorsVerification = verifications[verificationIds.indexOf(exampleIds.errorsShortId)]!
  const aml = await simGet<AmlSearchResult>(`/api/v3/aml/search/history/${exampleIds.amlRichId}`)
  const review = await simGet<AmlSearchResult>(
    `/api/v3/aml/search/history/${exampleIds.reviewSearchId}`,
  )
  history = await simGet<HistoryPage>(HISTORY_PAGE)
  raw = new Set<string>()
  for (const record of [profiles, profile, verifications, aml, review, history])
    identityValues(record, raw)
})

test.describe.configure({ timeout: 180_000 })

/** Every response body and copied text of a page, read in full before the test looks at them. */
async function recordBrowser(page: Page) {
  const seen: Seen[] = []
  const reads: Promise<void>[] = []
  const keep = async (response: Response) => {
    const status = response.status()
    if (status >= 300 && status < 400) return
    try {
      const body = await response.body()
      seen.push({ where: `${status} ${response.url()}`, text: body.toString('utf8') })
    } catch {
      // A request that failed or was cancelled has no body to read.
    }
  }
  page.on('response', (response) => reads.push(keep(response)))
  const copies: string[] = []
  await page.exposeFunction('__recordCopy', (text: string) => {
    copies.push(text)
  })
  await page.addInitScript(() => {
    const record = (window as unknown as { __recordCopy: (text: string) => Promise<void> })
      .__recordCopy
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: (text: string) => record(String(text)),
        readText: () => Promise.resolve(''),
      },
    })
  })
  return {
    copies,
    /** Everything seen so far: bodies, copies and the text on screen now. */
    async settle(label: string) {
      await page.waitForLoadState('networkidle')
      await Promise.all(reads)
      const screen = await page.locator('body').innerText()
      seen.push({ where: `screen of ${label}`, text: screen })
      return [...seen, ...copies.map((text, i) => ({ where: `copy ${i + 1}`, text }))]
    },
    seen,
  }
}

/** Clicks each copy button in `scope` and waits until every copy has reached the clipboard. */
async function copyAll(page: Page, copies: string[], scope = page.locator('body')) {
  const buttons = scope.getByRole('button', { name: /^Copy / })
  const count = await buttons.count()
  const before = copies.length
  for (let i = 0; i < count; i++) {
    const button = buttons.nth(i)
    if (await button.isVisible()) await button.click()
  }
  await expect.poll(() => copies.length).toBeGreaterThan(before)
}

const rowOf = (page: Page, id: string) =>
  page
    .getByRole('list', { name: 'Webhook notifications' })
    .getByRole('article')
    .filter({ has: page.locator(`code[title="${id}"]`) })

test('no page, RSC payload, JSON answer, script or copy carries a raw identity value', async ({
  page,
}) => {
  expect(raw.size).toBeGreaterThan(20)
  const browser = await recordBrowser(page)

  // The profile list, then a profile by client navigation (an RSC payload, not HTML).
  const rich = profiles.find((p) => p.profile_id === exampleIds.richProfileId)!
  await page.goto('/profiles')
  await hydrated(page)
  await page.getByRole('link', { name: rich.name!, exact: true }).click()
  await expect(page).toHaveURL(`/profiles/${rich.profile_id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(rich.name!)
  await copyAll(page, browser.copies)
  // The click's payload may come from a prefetch the hover started, whose body the browser can let
  // go before it is read back: the same payload, asked for as the router asks, is kept as the page
  // read it (the browser may drop a body from its buffer before the recorder reads it back).
  const rsc = await page.evaluate(async (path) => {
    const response = await fetch(path, { headers: { RSC: '1' } })
    return { status: response.status, url: response.url, text: await response.text() }
  }, `/profiles/${rich.profile_id}?_rsc=leak`)
  expect(rsc.status).toBe(200)
  browser.seen.push({ where: `${rsc.status} ${rsc.url}`, text: rsc.text })
  await browser.settle('profile')

  for (const shortId of verificationIds) {
    await page.goto(`/verifications/${shortId}`)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(shortId)
    await hydrated(page)
    await copyAll(page, browser.copies)
    await browser.settle(shortId)
  }
  await page.goto(`/v/${exampleIds.errorsShortId}`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(exampleIds.errorsShortId)
  await hydrated(page)
  // The AML report by client navigation, then loaded whole.
  await page.getByRole('link', { name: 'Open AML report' }).click()
  await expect(page).toHaveURL(new RegExp(`/aml/${exampleIds.amlRichId}\\?subject=`))
  await expect(page.getByRole('region', { name: 'Summary' })).toBeVisible()
  await browser.settle('AML report (client navigation)')
  await page.goto(`/aml/${exampleIds.amlRichId}`)
  await hydrated(page)
  await expand(page.getByRole('article').first())
  await copyAll(page, browser.copies)
  await browser.settle('AML report')
  // Compared with a verified subject: the comparison shows years of birth, never the dates.
  await page.goto(
    `/aml/${exampleIds.reviewSearchId}?subject=verification%3A${exampleIds.reviewShortId}`,
  )
  await expect(page.getByRole('region', { name: 'Screened subject' })).toBeVisible()
  await hydrated(page)
  await browser.settle('AML report compared with its subject')
  await page.goto('/')
  await expect(page.getByRole('region', { name: /^Screenings to review/ })).toBeVisible()
  await browser.settle('home')

  // Webhook history with an AML_SCREENING and a DOCVER record open, their payloads copied.
  await page.goto('/webhooks')
  await hydrated(page)
  for (const type of ['AML_SCREENING', 'DOCVER']) {
    const record = history.data.find((r) => r.event_type === type)!
    const row = rowOf(page, record.id)
    await expand(row)
    await expect(row.getByRole('region', { name: /^Payload/ })).toBeVisible()
    await copyAll(page, browser.copies, row)
  }
  const seen = await browser.settle('webhooks')

  // The walk saw what it should: documents, RSC payloads, and copies of both payloads.
  const urls = seen.map((s) => s.where)
  expect(urls.some((u) => u.includes('_rsc='))).toBe(true)
  expect(urls.some((u) => u.endsWith(`/verifications/${exampleIds.errorsShortId}`))).toBe(true)
  expect(urls.some((u) => u.endsWith('/webhooks'))).toBe(true)
  expect(browser.copies.some((c) => c.includes('"search_request"'))).toBe(true)
  expect(browser.copies.some((c) => c.includes('"verification_url_id"'))).toBe(true)

  expect(findLeaks(raw, seen)).toEqual([])
  // What the pages hold instead: masked tokens (scripts carry the marker too, so not those).
  const data = seen.filter((s) => !/\.(js|css)(\?|$)/.test(s.where))
  expect(data.some((s) => s.text.includes('\u2063masked\u2063'))).toBe(true)
})

test('route handlers answer JSON without a raw identity value', async ({ request }) => {
  const paths = [
    '/api/profiles?page=0&limit=25',
    `/api/profiles/${exampleIds.richProfileId}`,
    ...verificationIds.map((id) => `/api/verifications/short/${id}`),
    `/api/aml/search/history/${exampleIds.amlRichId}`,
    '/api/webhooks/history',
    '/api/webhooks/history/timeline',
  ]
  // A record opened on the timeline is read again, whole.
  const timeline = (await (
    await request.get('/api/webhooks/history/timeline')
  ).json()) as TimelinePage
  const screening = timeline.data.find((record) => record.event_type === 'AML_SCREENING')
  paths.push(`/api/webhooks/history/records/${screening?.id}`)
  const seen: Seen[] = []
  for (const path of paths) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(200)
    expect(response.headers()['content-type']).toContain('application/json')
    seen.push({ where: path, text: await response.text() })
  }
  expect(findLeaks(raw, seen)).toEqual([])
  // The profiles list's rows leave out what it would mask (who made each profile); the rest hold
  // masked tokens where the raw values were.
  const [list, ...records] = seen
  expect(list?.text).not.toContain('created_by')
  expect(records.every((s) => s.text.includes('\u2063masked\u2063'))).toBe(true)
})

test.describe('one reveal', () => {
  test.beforeAll(async () => {
    test.setTimeout(150_000)
    // The main server's log is not readable from here: the suite's signed-in instance's is, on the
    // same data, and leo is this file's account there.
    await signedInReady()
  })

  test('lets exactly that value into the browser, and the server audits its field', async ({
    page,
  }) => {
    const shortId = exampleIds.errorsShortId
    const documentNumber = errorsVerification.poi_data?.document_number ?? ''
    expect(documentNumber.length).toBeGreaterThan(6)
    await openSignedIn(page, 'leo', `/verifications/${shortId}`)
    const browser = await recordBrowser(page)
    await page.goto(`${signedInUrl}/verifications/${shortId}`)
    await hydrated(page)
    const poi = page.getByRole('region', { name: 'Proof of identity' })
    await expect(poi.getByText(documentNumber)).toHaveCount(0)

    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/reveal')),
      poi.getByRole('button', { name: 'Reveal document number' }).click(),
    ])
    expect(answer.status()).toBe(200)
    expect(await answer.json()).toEqual({ value: documentNumber, kind: 'document_number' })
    await expect(poi.getByText(documentNumber, { exact: true })).toBeVisible()

    const leaks = findLeaks(raw, await browser.settle('after the reveal'))
    expect([...new Set(leaks.map((leak) => leak.value))]).toEqual([documentNumber])
    expect(leaks.map((leak) => leak.where).sort()).toEqual([
      `200 ${signedInUrl}/api/reveal`,
      'screen of after the reveal',
    ])

    await expect
      .poll(() => signedInAuditLines('leo@verity.test').filter((line) => line.action === 'reveal'))
      .toEqual([
        expect.objectContaining({
          action: 'reveal',
          resource: { type: 'verification', id: shortId },
          field: 'poi_data.document_number',
          outcome: 'ok',
        }),
      ])
    expect(signedInLogs()).not.toContain(documentNumber)
  })
})
