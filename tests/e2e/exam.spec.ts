import { createPublicKey } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { expect, test, type Browser, type Page } from '@playwright/test'
import yauzl from 'yauzl'
import yazl from 'yazl'

import { verifyExamPack } from '@/lib/exam/verify'
import { startAuthApp, type AuthApp } from '@/tests/e2e/support/auth-app'
import { hydrated } from '@/tests/e2e/support/until-answered'
import { freePort } from '@/tools/harness/free-port'
import { startOidcProvider, type OidcServer } from '@/tools/harness/oidc-provider'
import { signInAs } from '@/tools/harness/sign-in'

/*
 * Proof for the examiner (#58) with an OpenID Connect provider and four people on an instance of
 * its own: two analysts (Ana, Cora), a lead (Lea) and an auditor (Aud). A true match Ana proposes
 * waits for Lea, who confirms it; Ana's own confirmation is refused. Lea draws the day's QA sample
 * and fails Ana's case, which reopens. Aud makes the day's exam pack, which verifies with only the
 * public key and fails once one trail row is deleted from it; Aud reads every page and changes
 * nothing. Screenshots of /exam, /qa and a case awaiting closure are kept for review.
 */

test.describe.configure({ mode: 'serial', timeout: 180_000 })
test.use({ baseURL: undefined })

let provider: OidcServer
let app: AuthApp
const pages: Record<string, Page> = {}
const today = new Date().toISOString().slice(0, 10)
const dir = mkdtempSync(join(tmpdir(), 'verity-exam-e2e-'))
let caseId = 0

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000)
  const port = await freePort()
  provider = await startOidcProvider(`http://127.0.0.1:${port}/auth/callback`)
  app = await startAuthApp(port, provider, {
    HISTORY_SYNC: 'on',
    AUTH_LEAD_GROUPS: 'aml-leads',
    AUTH_AUDITOR_GROUPS: 'aml-auditors',
  })
  for (const login of ['ana', 'cora', 'lea', 'aud']) pages[login] = await signedIn(browser, login)
})

test.afterAll(async () => {
  for (const page of Object.values(pages)) await page.context().close()
  await app?.stop()
  await provider?.stop()
  rmSync(dir, { recursive: true, force: true })
})

async function signedIn(browser: Browser, login: string) {
  const page = await (await browser.newContext()).newPage()
  await page.goto(`${app.url}/queue`)
  await signInAs(page, login)
  return page
}

function post(page: Page, path: string, body: unknown) {
  return page.request.post(`${app.url}${path}`, { data: body, headers: { origin: app.url } })
}

test('a true match Ana proposes waits for a lead; her own confirmation is refused, Lea confirms', async () => {
  const ana = pages.ana!
  // A failed verification needs no match decisions to close as a true match.
  await expect
    .poll(
      async () => {
        const listed = (await (
          await ana.request.get(`${app.url}/api/cases?view=unassigned&kind=failed_verification`)
        ).json()) as { cases: { id: number }[] }
        return listed.cases[0]?.id ?? 0
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .toBeGreaterThan(0)
  const listed = (await (
    await ana.request.get(`${app.url}/api/cases?view=unassigned&kind=failed_verification`)
  ).json()) as { cases: { id: number }[] }
  caseId = listed.cases[0]!.id
  expect((await post(ana, `/api/cases/${caseId}`, { action: 'claim' })).status()).toBe(200)

  await ana.goto(`${app.url}/cases/${caseId}`)
  await hydrated(ana)
  // One heading for the page, named by the verification's own applicant; its record below it.
  await expect(ana.getByRole('heading', { level: 1 })).toHaveCount(1)
  await expect(ana.getByRole('heading', { level: 1 })).toHaveText(
    /^(?!Name unknown).+ · Failed verification · \d{1,2} \w{3} \d{4}$/,
  )
  await expect(ana.getByRole('heading', { level: 2, name: /^Verification V/ })).toBeVisible()
  await ana.getByRole('button', { name: 'Close…' }).click()
  const form = ana.getByRole('form', { name: 'Close' })
  await form.getByLabel('Outcome').selectOption('true_match')
  await form.getByLabel('Reason').fill('The document belongs to a listed person.')
  await form.getByRole('button', { name: 'Close' }).click()
  await expect(ana.getByTestId('closing-proposal')).toContainText(
    'Closing as true match proposed by ana@verity.test',
  )
  await expect(ana.getByRole('button', { name: 'Confirm closing' })).toHaveCount(0)
  const refused = await post(ana, `/api/cases/${caseId}`, { action: 'confirm_close' })
  expect(refused.status()).toBe(403)

  const lea = pages.lea!
  await lea.goto(`${app.url}/queue?view=awaiting-closure`)
  await expect(
    lea.getByRole('row', { name: new RegExp(`Case ${caseId}\\b.*Awaiting closure`) }),
  ).toBeVisible()
  await lea.goto(`${app.url}/cases/${caseId}`)
  await hydrated(lea)
  await lea.getByRole('button', { name: 'Confirm closing' }).click()
  await expect(lea.getByText('Closing confirmed').first()).toBeVisible()
  const kase = (await (await lea.request.get(`${app.url}/api/cases/${caseId}`)).json()) as {
    kase: { state: string; outcome: string }
  }
  expect(kase.kase).toMatchObject({ state: 'closed', outcome: 'true_match' })
})

test("Lea draws the day's QA sample and fails Ana's case, which reopens", async () => {
  const lea = pages.lea!
  expect((await post(lea, '/api/qa', { from: today, to: today })).status()).toBe(200)
  const qa = (await (
    await lea.request.get(`${app.url}/api/qa?from=${today}&to=${today}`)
  ).json()) as {
    draws: { cases: { caseId: number }[] }[]
  }
  expect(qa.draws[0]!.cases.map((item) => item.caseId)).toContain(caseId)
  await lea.goto(`${app.url}/qa?from=${today}&to=${today}`)
  await hydrated(lea)
  const row = lea.getByTestId(`qa-case-${caseId}`)
  await expect(row.locator('select[name="result"]')).toHaveCount(0)
  await row.getByRole('button', { name: 'Record a result' }).click()
  await row.locator('select[name="result"]').selectOption('fail')
  await row.getByLabel('Reason (needed for a fail)').fill('The listed person was never compared.')
  await row.getByRole('button', { name: 'Record', exact: true }).click()
  await expect(row.getByText('Failed', { exact: true })).toBeVisible()
  await expect(row.getByRole('button', { name: 'Correct result' })).toBeVisible()
  const kase = (await (await lea.request.get(`${app.url}/api/cases/${caseId}`)).json()) as {
    kase: { state: string }
    events: { kind: string; reason: string | null }[]
  }
  expect(kase.kase.state).toBe('open')
  expect(kase.events.at(-1)).toMatchObject({
    kind: 'qa_failed',
    reason: 'The listed person was never compared.',
  })
})

/** The files of a ZIP, as bytes, in order. */
function unzip(path: string): Promise<[string, Buffer][]> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('not a ZIP'))
      const files: [string, Buffer][] = []
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (failed, stream) => {
          if (failed || !stream) return reject(failed ?? new Error('unreadable'))
          const chunks: Buffer[] = []
          stream.on('data', (chunk: Buffer) => chunks.push(chunk))
          stream.on('end', () => {
            files.push([entry.fileName, Buffer.concat(chunks)])
            zip.readEntry()
          })
        }),
      )
      zip.on('end', () => resolve(files))
      zip.readEntry()
    })
  })
}

test("the auditor's exam pack of the day verifies with the public key, and fails once a trail row is deleted", async () => {
  const aud = pages.aud!
  const response = await aud.request.get(`${app.url}/api/exam-pack?from=${today}&to=${today}`)
  expect(response.status()).toBe(200)
  const packPath = join(dir, 'pack.zip')
  writeFileSync(packPath, await response.body())
  const key = createPublicKey(
    await (await aud.request.get(`${app.url}/.well-known/verity-evidence-key`)).text(),
  )
  const verdict = await verifyExamPack(packPath, key)
  expect(verdict.problems).toEqual([])
  expect(verdict.checked).toContain('the QA sample of 1 draw, redrawn from its seed')

  const files = await unzip(packPath)
  const trail = files.find(([name]) => name === 'audit-trail.jsonl')!
  const lines = trail[1].toString('utf8').split('\n')
  const removed = JSON.parse(lines[3]!.replace(/,"row_chain":"[0-9a-f]+"\}$/, '}')) as {
    seq: number
  }
  lines.splice(3, 1)
  trail[1] = Buffer.from(lines.join('\n'))
  const zip = new yazl.ZipFile()
  for (const [name, bytes] of files) zip.addBuffer(bytes, name)
  zip.end()
  const chunks: Buffer[] = []
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer)
  const tamperedPath = join(dir, 'tampered.zip')
  writeFileSync(tamperedPath, Buffer.concat(chunks))
  const tampered = await verifyExamPack(tamperedPath, key)
  expect(tampered.ok).toBe(false)
  expect(tampered.problems).toContain(`audit-trail.jsonl: trail row ${removed.seq} is missing`)

  const unmasked = await aud.request.get(
    `${app.url}/api/exam-pack?from=${today}&to=${today}&data=unmasked`,
  )
  expect(unmasked.status()).toBe(403)
})

test('QA and Exam are in the header of a lead and an auditor, not of an analyst', async () => {
  for (const [login, shown] of [
    ['ana', false],
    ['lea', true],
    ['aud', true],
  ] as const) {
    const page = pages[login]!
    await page.goto(`${app.url}/queue`)
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link', { name: 'Queue' })).toBeVisible()
    for (const name of ['QA', 'Exam']) {
      await expect(nav.getByRole('link', { name, exact: true }), `${login}: ${name}`).toHaveCount(
        shown ? 1 : 0,
      )
    }
  }
})

test('the auditor reads every page, is refused every change, and each page they open is audited', async () => {
  const aud = pages.aud!
  for (const path of [
    `/cases/${caseId}`,
    '/queue',
    `/qa?from=${today}&to=${today}`,
    '/analytics',
    '/activity',
    '/exam',
  ]) {
    const response = await aud.goto(`${app.url}${path}`)
    expect(response?.status(), path).toBe(200)
  }
  await aud.goto(`${app.url}/cases/${caseId}`)
  await expect(aud.getByText('Read-only: auditors do not act on cases.')).toBeVisible()
  await expect(aud.getByRole('button', { name: 'Claim' })).toHaveCount(0)
  for (const [path, body] of [
    [`/api/cases/${caseId}`, { action: 'claim' }],
    ['/api/reveal', { ref: 'x' }],
    ['/api/notes', { resourceType: 'case', resourceId: String(caseId), body: 'A note' }],
    [`/api/qa/${caseId}`, { result: 'pass' }],
  ] as const) {
    expect((await post(aud, path, body)).status(), path).toBe(403)
  }
  type Line = { action: unknown; outcome: unknown; resource: { type: string; id: string | null } }
  const audLines = app
    .auditLines()
    .filter((line) => line.user === 'aud@verity.test') as unknown as Line[]
  expect(
    audLines.filter((line) => line.action === 'change' && line.outcome === 'denied'),
  ).toHaveLength(4)
  expect(
    audLines.some(
      (line) =>
        line.action === 'view' &&
        line.resource.type === 'case' &&
        line.resource.id === String(caseId),
    ),
  ).toBe(true)
  expect(audLines.some((line) => line.action === 'view' && line.resource.type === 'exam')).toBe(
    true,
  )
  const kase = (await (await aud.request.get(`${app.url}/api/cases/${caseId}`)).json()) as {
    kase: { state: string; ownerId: string }
  }
  expect(kase.kase.state).toBe('open')
})

test('screenshots of /exam, /qa and a case awaiting closure, 1280 and 375 wide, both themes', async () => {
  test.setTimeout(150_000)
  const lea = pages.lea!
  const ana = pages.ana!
  const listed = (await (
    await ana.request.get(`${app.url}/api/cases?view=unassigned&kind=failed_verification`)
  ).json()) as { cases: { id: number }[] }
  const waiting = listed.cases[0]!.id
  await post(ana, `/api/cases/${waiting}`, { action: 'claim' })
  await post(ana, `/api/cases/${waiting}`, {
    action: 'close',
    outcome: 'true_match',
    reason: 'The document belongs to a listed person.',
  })
  for (const scheme of ['light', 'dark'] as const) {
    await lea.emulateMedia({ colorScheme: scheme })
    for (const width of [1280, 375]) {
      await lea.setViewportSize({ width, height: 900 })
      for (const [name, path] of [
        ['exam', '/exam'],
        ['qa', `/qa?from=${today}&to=${today}`],
        ['case-awaiting-closure', `/cases/${waiting}`],
      ] as const) {
        await lea.goto(`${app.url}${path}`)
        await hydrated(lea)
        await lea.screenshot({
          path: test.info().outputPath(`${name}-${width}-${scheme}.png`),
          fullPage: true,
        })
      }
    }
  }
})
