import { resolve } from 'node:path'

import { expect, test, type Browser, type Page } from '@playwright/test'

import { exampleIds } from '@/lib/demo/example-ids'
import { schemaErrors } from '@/lib/fiu-reports/validate'
import { startAuthApp, type AuthApp } from '@/tests/e2e/support/auth-app'
import { hydrated } from '@/tests/e2e/support/until-answered'
import { freePort } from '@/tools/harness/free-port'
import { startOidcProvider, type OidcServer } from '@/tools/harness/oidc-provider'
import { signInAs } from '@/tools/harness/sign-in'

/*
 * A report to the FIU from a true match to its filing (issue #56), on an instance of its own with
 * the tests' goAML schema (tests/fixtures/goaml/verity-goaml.xsd) and three people signed in
 * through the test provider: Lea and Lou lead, Cora is an analyst. Lea decides the review
 * screening's match on its case page and Lou confirms it there (four eyes); the case closes as a
 * true match; Lea drafts a report with the
 * subject's verified name and document, fixes a field from its error and submits it; she cannot
 * approve her own, Lou does; the XML downloads and validates; Lea records the filing; the approved
 * XML's hash is in the trail and the report in the case's evidence pack. Cora sees none of it.
 */

test.describe.configure({ mode: 'serial' })
test.use({ baseURL: undefined })

const SCHEMA = resolve('tests/fixtures/goaml/verity-goaml.xsd')
const { reviewSearchId, reviewShortId } = exampleIds

let provider: OidcServer
let app: AuthApp
const pages: Record<string, Page> = {}
let caseId = 0
let reportId = 0
let approvedXml = ''

async function signedIn(browser: Browser, login: string) {
  const page = await (await browser.newContext()).newPage()
  await page.goto(`${app.url}/reports`)
  await signInAs(page, login)
  return page
}

function api(page: Page, path: string, body?: unknown, method = 'POST') {
  return body === undefined
    ? page.request.get(`${app.url}${path}`)
    : page.request.fetch(`${app.url}${path}`, {
        method,
        data: body,
        headers: { origin: app.url },
      })
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000)
  const port = await freePort()
  provider = await startOidcProvider(`http://127.0.0.1:${port}/auth/callback`)
  app = await startAuthApp(port, provider, {
    HISTORY_SYNC: 'on',
    AUTH_LEAD_GROUPS: 'aml-leads',
    GOAML_SCHEMA: SCHEMA,
    GOAML_RENTITY_ID: '4711',
    GOAML_RENTITY_BRANCH: 'Head office',
    GOAML_REPORTING_USER_CODE: 'VERITY01',
    GOAML_ADDRESS: 'Hauptstrasse 1',
    GOAML_CITY: 'Berlin',
    GOAML_COUNTRY: 'DE',
    // Due within the week the home page and the queue remind leads of.
    REPORT_DUE_DAYS: '5',
  })
  for (const login of ['lea', 'lou', 'cora']) pages[login] = await signedIn(browser, login)
})

test.afterAll(async () => {
  for (const page of Object.values(pages)) await page.context().close()
  await app?.stop()
  await provider?.stop()
})

type Listed = { cases: { id: number; resourceId: string }[]; total: number }

test('the review screening is closed as a true match, confirmed by a second lead', async () => {
  test.setTimeout(180_000)
  const lea = pages.lea!
  const lou = pages.lou!
  // The mirror makes the case once it has read the screening's record.
  await expect
    .poll(
      async () => {
        for (let page = 1; page <= 20; page++) {
          const listed = (await (
            await api(lea, `/api/cases?view=all&kind=screening&page=${page}`)
          ).json()) as Listed
          const found = listed.cases.find((kase) => kase.resourceId === reviewSearchId)
          if (found) return (caseId = found.id)
          if (listed.cases.length === 0) break
        }
        return 0
      },
      { timeout: 120_000, intervals: [2_000] },
    )
    .toBeGreaterThan(0)
  const report = (await (await api(lea, `/api/aml/search/history/${reviewSearchId}`)).json()) as {
    data: { uuid: string }[]
  }
  const [first, ...others] = report.data.map((match) => match.uuid)
  const total = report.data.length
  // Closing says what is still undecided.
  const closeForm = async () => {
    await lea.goto(`${app.url}/cases/${caseId}`)
    await hydrated(lea)
    await lea.getByRole('button', { name: 'Close…' }).click()
    return lea.getByTestId('case-undecided')
  }
  await expect(await closeForm()).toHaveText(
    `Still open: ${total} of ${total} matches undecided. Only "No action needed" closes it before they are decided.`,
  )
  const decide = async (page: Page, matchUuid: string, decision: string, action: string) => {
    const answer = await api(page, `/api/aml/${reviewSearchId}/decisions`, {
      matchUuid,
      decision,
      action,
      reason: 'Same date of birth and passport as the verified applicant',
    })
    expect(answer.status(), await answer.text()).toBe(200)
  }
  // The case page is the workspace: the match is decided, and confirmed, in place.
  const inPlace = async (page: Page, button: string, decision: string) => {
    await page.goto(`${app.url}/cases/${caseId}`)
    await hydrated(page)
    const card = page.locator(`article#match-${first}`)
    await card.scrollIntoViewIfNeeded()
    await card.getByRole('button', { name: button, exact: true }).click()
    const form = card.getByRole('form')
    await form.getByRole('radio', { name: decision }).check()
    await form
      .getByLabel(/^Reason/)
      .fill('Same date of birth and passport as the verified applicant')
    await form.getByRole('button', { name: 'Save decision' }).click()
    await expect(form).toHaveCount(0)
  }
  await inPlace(lea, 'Decide', 'True match')
  await expect(lea.locator(`article#match-${first}`)).toContainText(
    'True match · awaiting a second analyst',
  )
  await inPlace(lou, 'Confirm', 'Confirm: True match')
  await expect(lou.locator(`article#match-${first}`)).toContainText('True match · you')
  for (const match of others) await decide(lea, match, 'false_positive', 'set')
  await expect(await closeForm()).toHaveText(`Every one of the ${total} matches is decided.`)
  const closed = await api(lea, `/api/cases/${caseId}`, {
    action: 'close',
    outcome: 'true_match',
    reason: 'Confirmed sanctions match on the verified applicant',
  })
  expect(closed.status(), await closed.text()).toBe(200)
  // A true match closes on a second lead's confirmation (four eyes on closing, #58).
  expect(((await closed.json()) as { state: string }).state).toBe('awaiting_closure')
  const confirmed = await api(lou, `/api/cases/${caseId}`, { action: 'confirm_close' })
  expect(confirmed.status(), await confirmed.text()).toBe(200)
  expect(((await confirmed.json()) as { state: string }).state).toBe('closed')
})

test("Lea drafts a report from the case: the subject's verified name and document", async () => {
  const lea = pages.lea!
  await lea.goto(`${app.url}/cases/${caseId}`)
  await hydrated(lea)
  const card = lea.locator('#case-reports')
  await expect(card).toContainText('No report yet')
  await card.getByRole('button', { name: 'Draft a report' }).click()
  await expect(lea).toHaveURL(/\/reports\/\d+$/)
  reportId = Number(lea.url().split('/').pop())
  await hydrated(lea)
  const verification = (await (
    await api(lea, `/api/verifications/short/${reviewShortId}`)
  ).json()) as { poi_data?: { name?: string; surname?: string } }
  await expect(lea.getByLabel('First name')).toHaveValue(verification.poi_data!.name!)
  await expect(lea.getByLabel('Last name')).toHaveValue(verification.poi_data!.surname!)
  await expect(lea.getByText(`From verification ${reviewShortId}.`)).toBeVisible()
  // The verified document's number, in the field its kind asks for.
  const passport = await lea.getByLabel('Passport number').inputValue()
  const idNumber = await lea.getByLabel('Identity document number').inputValue()
  expect(`${passport}${idNumber}`).toMatch(/\d{6,}/)
  await expect(lea.getByTestId('report-schema')).toHaveText(
    "Checked against the FIU's schema (GOAML_SCHEMA) and Verity's own rules.",
  )
  // The narrative cites the match, the decisions and the case's closing.
  const citations = lea.getByTestId('report-citations')
  await expect(citations.getByRole('link', { name: /^Match / })).toHaveCount(1)
  await expect(citations.getByRole('link', { name: /^Decision / })).toHaveCount(2)
  await expect(citations.getByRole('link', { name: `Case ${caseId}: closed` })).toBeVisible()
  await expect(lea.getByTestId('citation-flag')).toHaveCount(0)
  await expect(lea.getByTestId('report-due')).toContainText(/^due in [45] days/)
})

test('the deadline reminds leads on the home page and the queue, and nobody else', async () => {
  const lou = pages.lou!
  const cora = pages.cora!
  for (const path of ['/', '/queue']) {
    await lou.goto(`${app.url}${path}`)
    await expect(lou.getByTestId('reports-due')).toContainText(`STR ${reportId} of case ${caseId}`)
    await cora.goto(`${app.url}${path}`)
    await expect(cora.getByRole('main')).toBeVisible()
    await expect(cora.getByTestId('reports-due')).toHaveCount(0)
  }
})

test('a missing field shows its error beside it, and is fixed from it', async () => {
  const lea = pages.lea!
  const lastName = lea.getByLabel('Last name')
  const kept = await lastName.inputValue()
  await lastName.fill('')
  await lea.getByRole('button', { name: 'Save the draft' }).click()
  const error = lea.locator('#report-subject [data-field-error]')
  await expect(error).toHaveText("The subject's last name is required.")
  await expect(lastName).toHaveAttribute('aria-describedby', (await error.getAttribute('id'))!)
  const submitted = await api(lea, `/api/reports/${reportId}`, { action: 'submit' })
  expect(submitted.status()).toBe(409)
  await lea.getByLabel('Last name').fill(kept)
  await lea.getByRole('button', { name: 'Save the draft' }).click()
  await expect(lea.locator('#report-subject [data-field-error]')).toHaveCount(0)
  await expect(lea.locator('#report-errors')).toContainText('The XML is valid.')
})

test('a name XML cannot carry is refused naming the field, and nothing is saved', async () => {
  const lea = pages.lea!
  const answer = await api(
    lea,
    `/api/reports/${reportId}`,
    { subject: { lastName: 'Petr\u0001ov' } },
    'PATCH',
  )
  expect(answer.status()).toBe(400)
  expect(((await answer.json()) as { detail: string }).detail).toBe(
    "The subject's last name holds a character a goAML file cannot carry (U+0001)",
  )
})

test('Lea submits; she cannot approve her own report; Lou approves it', async () => {
  const lea = pages.lea!
  const lou = pages.lou!
  await lea.getByRole('button', { name: 'Submit for approval' }).click()
  await expect(lea.getByText('Awaiting approval').first()).toBeVisible()
  await expect(lea.getByRole('button', { name: 'Approve' })).toHaveCount(0)
  const own = await api(lea, `/api/reports/${reportId}`, { action: 'approve' })
  expect(own.status()).toBe(403)
  expect(((await own.json()) as { detail: string }).detail).toContain('its drafter cannot approve')

  await lou.goto(`${app.url}/reports/${reportId}`)
  await hydrated(lou)
  await lou.getByRole('button', { name: 'Approve' }).click()
  await expect(lou.getByTestId('report-approver')).toHaveText('lou@verity.test')
  await expect(lou.getByTestId('report-sha')).toContainText(/SHA-256 [0-9a-f]{64}/)
  // Approved: a change is refused.
  const changed = await api(
    lea,
    `/api/reports/${reportId}`,
    { reason: 'Changed after approval' },
    'PATCH',
  )
  expect(changed.status()).toBe(409)
})

test("the approved XML downloads and validates against the tests' schema; its hash is in the trail", async () => {
  const lou = pages.lou!
  const answer = await api(lou, `/api/reports/${reportId}/goaml.xml`)
  expect(answer.status()).toBe(200)
  expect(answer.headers()['content-type']).toContain('application/xml')
  approvedXml = await answer.text()
  expect(schemaErrors(approvedXml, SCHEMA)).toEqual([])
  expect(approvedXml).toContain('<report_code>STR</report_code>')
  const sha = (await lou.getByTestId('report-sha').textContent())!.replace('SHA-256 ', '').trim()
  const lines = app.auditLines()
  expect(lines).toContainEqual(
    expect.objectContaining({
      action: 'report',
      field: 'approve',
      reason: `goaml.xml sha256=${sha}`,
      user: 'lou@verity.test',
    }),
  )
  // The download is an unmasked export, audited with the file's hash.
  expect(
    lines.some(
      (line) =>
        line.action === 'export' &&
        String(line.field).startsWith(`goaml.xml unmasked sha256=${sha}`),
    ),
  ).toBe(true)
  const pdf = await api(lou, `/api/reports/${reportId}/report.pdf`)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')
})

test("Lea records the filing with the FIU's reference; the evidence pack holds the report", async () => {
  const lea = pages.lea!
  await lea.goto(`${app.url}/reports/${reportId}`)
  await hydrated(lea)
  await lea.getByRole('button', { name: 'Record filing…' }).click()
  await lea.getByLabel("The FIU's reference number").fill('FIU-2026-0042')
  await lea.getByRole('button', { name: 'Record filing', exact: true }).click()
  await expect(lea.getByTestId('report-fiu-ref')).toHaveText('FIU-2026-0042')
  await expect(lea.getByTestId('report-events')).toContainText(
    'filed · FIU reference FIU-2026-0042',
  )

  const pack = (await (
    await api(lea, '/api/evidence', { type: 'case', id: String(caseId) })
  ).json()) as {
    json: string
    manifest: { files: { name: string; sha256: string }[] }
    attachments: { name: string; base64: string }[]
  }
  const xmlFile = pack.attachments.find((file) => file.name.endsWith('.xml'))!
  expect(Buffer.from(xmlFile.base64, 'base64').toString()).toBe(approvedXml)
  expect(pack.manifest.files.map((file) => file.name)).toEqual([
    `verity-str-report-${reportId}.xml`,
    `verity-str-report-${reportId}.pdf`,
  ])
  for (const file of pack.manifest.files) expect(pack.json).toContain(file.sha256)
  expect(pack.json).toContain(`Report to the FIU: STR ${reportId}`)
  expect(pack.json).toContain(`Report ${reportId} filed with the FIU: FIU reference FIU-2026-0042`)

  // Each change of state is a line of the case's log, linked to the report, for a lead.
  await lea.goto(`${app.url}/cases/${caseId}`)
  const log = lea.getByRole('list', { name: 'Case events' })
  for (const line of [
    `Report ${reportId} drafted`,
    `Report ${reportId} submitted for approval`,
    `Report ${reportId} approved`,
    `Report ${reportId} filed with the FIU: FIU reference FIU-2026-0042`,
  ]) {
    await expect(log.getByRole('link', { name: line })).toHaveAttribute(
      'href',
      `/reports/${reportId}`,
    )
  }
  // Titled by the applicant, the record's kind and day, not the record's id (item 1).
  await expect(lea).toHaveTitle(/ · AML screening · \d{1,2} [A-Z][a-z]{2} \d{4} · Verity$/)
  await expect(lea.getByRole('heading', { level: 1 })).toContainText(' · AML screening · ')
})

test('the analyst sees none of it: 404 pages and API, nothing in lists, the case or the activity', async () => {
  const cora = pages.cora!
  expect((await api(cora, `/api/reports/${reportId}`)).status()).toBe(404)
  expect((await api(cora, `/api/reports/${reportId}/goaml.xml`)).status()).toBe(404)
  expect((await api(cora, `/api/reports/${reportId}`, { action: 'acknowledge' })).status()).toBe(
    404,
  )
  expect(await (await api(cora, '/api/reports')).json()).toEqual([])
  const page = await cora.goto(`${app.url}/reports/${reportId}`)
  expect(page?.status()).toBe(404)
  await cora.goto(`${app.url}/reports`)
  await expect(cora.getByText('No reports', { exact: true })).toBeVisible()
  await cora.goto(`${app.url}/cases/${caseId}`)
  await expect(cora.locator('#case-events')).toBeVisible()
  await expect(cora.locator('#case-reports')).toHaveCount(0)
  await expect(cora.locator('#case-events')).not.toContainText(/Report \d+ /)
  expect(JSON.stringify(await (await api(cora, `/api/cases/${caseId}`)).json())).not.toContain(
    'report_',
  )
  await cora.goto(`${app.url}/activity`)
  await expect(cora.getByRole('main')).not.toContainText('fiu_report')
  // A lead sees it in the list.
  const listed = (await (await api(pages.lou!, '/api/reports?state=filed')).json()) as {
    id: number
  }[]
  expect(listed.map((report) => report.id)).toContain(reportId)
})

test('screenshots of the reports and a report, 1280 and 375 wide, both themes', async () => {
  test.setTimeout(120_000)
  const lou = pages.lou!
  for (const scheme of ['light', 'dark'] as const) {
    await lou.emulateMedia({ colorScheme: scheme })
    for (const width of [1280, 375]) {
      await lou.setViewportSize({ width, height: 900 })
      await lou.goto(`${app.url}/reports`)
      await expect(lou.getByTestId('report-list')).toBeVisible()
      await lou.screenshot({
        path: test.info().outputPath(`reports-${width}-${scheme}.png`),
        fullPage: true,
      })
      await lou.goto(`${app.url}/reports/${reportId}`)
      await expect(lou.getByTestId('report-events')).toBeVisible()
      await lou.screenshot({
        path: test.info().outputPath(`report-${width}-${scheme}.png`),
        fullPage: true,
      })
      await lou.goto(`${app.url}/cases/${caseId}`)
      await lou.screenshot({
        path: test.info().outputPath(`case-reports-${width}-${scheme}.png`),
        fullPage: true,
      })
    }
  }
})
