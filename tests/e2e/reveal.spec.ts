import { readFile } from 'node:fs/promises'

import { expect, test, type Page } from '@playwright/test'

import { exampleIds } from '@/lib/demo/example-ids'
import type { AmlSearchResult, Verification } from '@/lib/upstream/schemas'

import { findLeaks, identityValues, simGet } from '@/tests/e2e/support/raw-identity'
import {
  openSignedIn,
  signedInAuditLines,
  signedInReady,
  signedInUrl,
} from '@/tests/e2e/support/signed-in'
import { hydrated } from '@/tests/e2e/support/until-answered'

/*
 * Revealing and exporting in the browser: one value per click, a limit on how many per minute,
 * and AML reports leaving as files that are masked unless the analyst gives a reason, which the
 * audit trail keeps.
 */

test.describe.configure({ timeout: 90_000 })

const shortId = exampleIds.errorsShortId
const searchId = exampleIds.amlRichId
let verification: Verification
let report: AmlSearchResult

test.beforeAll(async () => {
  verification = await simGet<Verification>(`/api/v3/verifications/short/${shortId}`)
  report = await simGet<AmlSearchResult>(`/api/v3/aml/search/history/${searchId}`)
})

const proofOfIdentity = (page: Page) => page.getByRole('region', { name: 'Proof of identity' })
const manualFields = (page: Page) => page.getByRole('region', { name: 'Manual fields' })

test('Reveal shows the value in place, and a Reveal elsewhere shows another', async ({ page }) => {
  const documentNumber = verification.poi_data!.document_number!
  const email = verification.manual_fields!.email!
  await page.goto(`/verifications/${shortId}`)
  await hydrated(page)
  await expect(page.getByText(documentNumber)).toHaveCount(0)
  await expect(page.getByText(email)).toHaveCount(0)

  await proofOfIdentity(page).getByRole('button', { name: 'Reveal document number' }).click()
  await expect(proofOfIdentity(page).getByText(documentNumber, { exact: true })).toBeVisible()
  await expect(page.getByText(email)).toHaveCount(0)

  await manualFields(page).getByRole('button', { name: 'Reveal e-mail address' }).click()
  await expect(manualFields(page).getByText(email, { exact: true })).toBeVisible()
  // The first stays revealed; everything else stays masked.
  await expect(proofOfIdentity(page).getByText(documentNumber, { exact: true })).toBeVisible()
  await expect(page.getByText(verification.manual_fields!.phone!)).toHaveCount(0)
  await expect(
    manualFields(page).getByRole('button', { name: 'Reveal phone number' }),
  ).toBeVisible()
})

test.describe("signed in as rita on the suite's signed-in instance (reveal limit 2 a minute, readable audit lines)", () => {
  test.beforeAll(async () => {
    test.setTimeout(150_000)
    await signedInReady()
  })

  // Rita is this file's account there: her reveal bucket and her audit lines are this file's own.
  const auditLines = () => signedInAuditLines('rita@verity.test')

  test('a reveal past the limit is refused with a message that says why and when to retry', async ({
    page,
  }) => {
    const phone = verification.manual_fields!.phone!
    await openSignedIn(page, 'rita', `/verifications/${shortId}`)
    await hydrated(page)
    await proofOfIdentity(page).getByRole('button', { name: 'Reveal document number' }).click()
    await expect(
      proofOfIdentity(page).getByText(verification.poi_data!.document_number!, { exact: true }),
    ).toBeVisible()
    await manualFields(page).getByRole('button', { name: 'Reveal e-mail address' }).click()
    await expect(
      manualFields(page).getByText(verification.manual_fields!.email!, { exact: true }),
    ).toBeVisible()

    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/reveal')),
      manualFields(page).getByRole('button', { name: 'Reveal phone number' }).click(),
    ])
    expect(refused.status()).toBe(429)
    expect(refused.headers()['content-type']).toContain('application/problem+json')
    expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0)
    expect(((await refused.json()) as { type: string }).type).toContain('reveal_limited')
    await expect(manualFields(page).getByRole('alert')).toHaveText(
      /You revealed many values in the last minute\. Every reveal is recorded; try again in \d+ s\./,
    )
    await expect(page.getByText(phone)).toHaveCount(0)
    await expect(
      manualFields(page).getByRole('button', { name: 'Reveal phone number' }),
    ).toBeVisible()
    await expect
      .poll(() => auditLines().filter((line) => line.action === 'reveal'))
      .toEqual([
        expect.objectContaining({ field: 'poi_data.document_number', outcome: 'ok' }),
        expect.objectContaining({ field: 'manual_fields.email', outcome: 'ok' }),
        expect.objectContaining({ field: 'manual_fields.phone', outcome: 'rate_limited' }),
      ])
  })

  test('Download JSON saves the AML report with masks, not raw values, and is audited', async ({
    page,
  }) => {
    const raw = identityValues(report)
    expect(raw.size).toBeGreaterThan(10)
    await openSignedIn(page, 'rita', `/aml/${searchId}`)
    await hydrated(page)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download JSON' }).click(),
    ])
    expect(download.suggestedFilename()).toBe(`aml-report-${searchId}.json`)
    const text = await readFile(await download.path(), 'utf8')
    const saved = JSON.parse(text) as AmlSearchResult
    expect(saved.data.map((m) => m.uuid)).toEqual(report.data.map((m) => m.uuid))
    // Masks as shown on screen, no reveal references, no raw value.
    expect(text).toContain('••••')
    expect(text).not.toContain('\u2063')
    expect(findLeaks(raw, [{ where: download.suggestedFilename(), text }])).toEqual([])
    await expect
      .poll(() => auditLines().filter((line) => line.action === 'export'))
      .toContainEqual(
        expect.objectContaining({
          resource: { type: 'aml_search', id: searchId },
          field: 'json',
          outcome: 'ok',
        }),
      )
  })

  test('Unmasked JSON… asks for a reason, refuses a short one, then saves raw values and audits the reason', async ({
    page,
  }) => {
    const raw = identityValues(report)
    await openSignedIn(page, 'rita', `/aml/${searchId}`)
    await hydrated(page)
    const exports: string[] = []
    page.on('request', (r) => {
      if (r.url().endsWith('/api/exports/aml')) exports.push(r.postData() ?? '')
    })
    await page.getByRole('button', { name: 'Unmasked JSON…' }).click()
    const reasonBox = page.getByRole('textbox', { name: /Why do you need the unmasked report/ })
    await expect(reasonBox).toBeVisible()

    // Too short: the form does not send it, and the server would not take it either.
    await reasonBox.fill('too short')
    await page.getByRole('button', { name: 'Download unmasked JSON' }).click()
    expect(await reasonBox.evaluate((box: HTMLTextAreaElement) => box.validity.valid)).toBe(false)
    expect(exports).toEqual([])
    const direct = await page.request.post(`${signedInUrl}/api/exports/aml`, {
      headers: { Origin: signedInUrl },
      data: { searchId, format: 'json', unmasked: true, reason: 'too short' },
    })
    expect(direct.status()).toBe(400)
    expect(((await direct.json()) as { detail: string }).detail).toContain(
      'reason of at least 10 characters',
    )

    const reason = `Case ${Date.now()}: regulator request for the full report`
    await reasonBox.fill(reason)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download unmasked JSON' }).click(),
    ])
    expect(download.suggestedFilename()).toBe(`aml-report-${searchId}-unmasked.json`)
    const text = await readFile(await download.path(), 'utf8')
    const holds = new Set(findLeaks(raw, [{ where: 'file', text }]).map((leak) => leak.value))
    expect([...raw].filter((value) => !holds.has(value))).toEqual([])
    expect(text).not.toContain('••••')

    await expect
      .poll(() => auditLines().filter((line) => line.action === 'export'))
      .toContainEqual(
        expect.objectContaining({
          resource: { type: 'aml_search', id: searchId },
          field: 'json-unmasked',
          reason,
          outcome: 'ok',
        }),
      )
    // The short reason was never recorded as an export.
    expect(auditLines().filter((line) => line.reason === 'too short')).toEqual([])
  })
})
