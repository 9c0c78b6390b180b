import { expect, test } from '@playwright/test'

import { bestMatchName } from '@/lib/aml/match'
import { sortMatches } from '@/lib/aml/view'
import { exampleIds } from '@/lib/demo/example-ids'
import type { AmlSearchResult, Profile, Verification } from '@/lib/upstream/schemas'

import { findLeaks, identityValues, simGet } from '@/tests/e2e/support/raw-identity'

/*
 * Record pages render on the server: without JavaScript an analyst still reads a verification's
 * status, its errors and its (masked) identity data, a profile's settings, and an AML report's
 * summary and first cards. The work queue's filters and Take next are plain forms.
 */

test.use({ javaScriptEnabled: false })
test.describe.configure({ timeout: 60_000 })

const CHECK_LABELS: Record<string, string> = {
  document_mrz: 'Document (MRZ)',
  face_comparison: 'Face comparison',
  poa: 'Proof of address',
  liveness: 'Liveness',
}

test('a verification shows its status, every check error and masked identity data', async ({
  page,
}) => {
  const shortId = exampleIds.errorsShortId
  const verification = await simGet<Verification>(`/api/v3/verifications/short/${shortId}`)
  const checks = Object.entries(verification.checks ?? {})
  const errors = checks.flatMap(([name, check]) =>
    (check?.errors ?? []).map((error) => ({ name, ...error })),
  )
  expect(errors.length).toBeGreaterThan(3)

  const response = await page.goto(`/verifications/${shortId}`)
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(shortId)
  await expect(page.locator('header').getByText('Failed', { exact: true }).first()).toBeVisible()
  const failing = checks.filter(([, check]) => (check?.errors?.length ?? 0) > 0).length
  await expect(
    page.getByText(`${errors.length} errors in ${failing} of ${checks.length} checks`),
  ).toBeVisible()
  for (const { name, code, message } of errors) {
    const card = page.getByRole('listitem', { name: `${CHECK_LABELS[name] ?? name} check` })
    await expect(card.getByRole('row').filter({ hasText: String(code) })).toContainText(
      message ?? '',
    )
  }

  // Identity data: the shape of each value, a Reveal button, never the value itself.
  const poi = verification.poi_data!
  const manual = verification.manual_fields!
  const proof = page.getByRole('region', { name: 'Proof of identity' })
  await expect(proof.getByText(`••••${poi.document_number!.slice(-4)}`)).toBeVisible()
  await expect(proof.getByRole('button', { name: 'Reveal document number' })).toBeVisible()
  await expect(proof.getByRole('button', { name: 'Reveal date of birth' })).toBeVisible()
  await expect(proof.getByText(poi.full_name!)).toBeVisible()
  const manualBlock = page.getByRole('region', { name: 'Manual fields' })
  const domain = manual.email!.slice(manual.email!.indexOf('@'))
  await expect(manualBlock.getByText(`${manual.email![0]}•••${domain}`)).toBeVisible()
  await expect(manualBlock.getByRole('button', { name: 'Reveal phone number' })).toBeVisible()
  const mrz = page.getByRole('region', { name: 'MRZ' })
  await expect(mrz.getByRole('button', { name: 'Reveal document number' })).toBeVisible()

  const raw = identityValues(verification)
  expect(raw.size).toBeGreaterThan(5)
  expect(findLeaks(raw, [{ where: 'page', text: await page.content() }])).toEqual([])
})

test('a profile shows its settings', async ({ page }) => {
  const profile = await simGet<Profile>(`/api/v3/profiles/${exampleIds.richProfileId}`)
  const settings = profile.settings!

  const response = await page.goto(`/profiles/${profile.profile_id}`)
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(profile.name!)
  await expect(page.getByText(profile.description!)).toBeVisible()
  const checks = page.getByRole('region', { name: 'Required checks' })
  await expect(checks.getByRole('row', { name: /Proof of identity/ })).toContainText('Required')
  await expect(checks.getByRole('row', { name: /Proof of address/ })).toContainText('Required')
  await expect(
    page.getByRole('region', { name: /Countries/ }).getByRole('heading', { level: 2 }),
  ).toHaveText(`Countries (${settings.countries!.length})`)
  const manual = page.getByRole('region', { name: 'Manual fields' })
  await expect(manual.getByText(settings.manual_field_settings!.email!.caption!)).toBeVisible()
  await expect(manual.getByText('Crypto trading')).toBeVisible()
  await expect(
    page
      .getByRole('region', { name: 'Finish screen' })
      .getByText(settings.finish_screen_settings!.settings!.title!),
  ).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'Verification link' }).getByRole('link', {
      name: profile.link!.web_link!,
    }),
  ).toBeVisible()
  // Who created it is an e-mail address: masked here too.
  expect(findLeaks([profile.created_by!], [{ where: 'page', text: await page.content() }])).toEqual(
    [],
  )
})

test('an AML report shows its summary and its first match cards', async ({ page }) => {
  const report = await simGet<AmlSearchResult>(`/api/v3/aml/search/history/${exampleIds.amlRichId}`)
  const response = await page.goto(`/aml/${exampleIds.amlRichId}`)
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(report.requested_name!)
  const summary = page.getByRole('region', { name: 'Summary' })
  await expect(summary.getByText(report.search_uuid)).toBeVisible()
  await expect(
    summary.getByText('Matches', { exact: true }).locator('xpath=following-sibling::*[1]'),
  ).toHaveText(String(report.data.length))
  await expect(summary.getByText(`${report.max_risk_score} risk`)).toBeVisible()
  // Review progress and each card's comparison and decision state are in the HTML too.
  await expect(summary).toContainText(`0 reviewed · ${report.data.length} unreviewed`)

  // The first cards in the default order (best name match first), each named by its best name.
  const first = sortMatches(report.data, 'match').slice(0, 3)
  const cards = page.getByRole('article')
  expect(await cards.count()).toBeGreaterThanOrEqual(first.length)
  for (const [index, match] of first.entries()) {
    await expect(cards.nth(index)).toHaveAccessibleName(bestMatchName(match) ?? '')
    await expect(cards.nth(index)).toBeVisible()
    await expect(cards.nth(index)).toContainText('Compared with the requested name only')
    await expect(cards.nth(index)).toContainText('Unreviewed')
  }
  expect(
    findLeaks(identityValues(report), [{ where: 'page', text: await page.content() }]),
  ).toEqual([])
})

test('the work queue opens on the open cases, filters with a plain form, and Take next lands on a case', async ({
  page,
}) => {
  const open = page
    .getByRole('navigation', { name: 'Case views' })
    .getByRole('link', { name: /^Open [\d,]+$/ })
  // The shared instance's mirror makes the cases in the background after it starts.
  await expect(async () => {
    const response = await page.goto('/queue')
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('table', { name: 'Cases' }).getByRole('row').nth(1)).toBeVisible({
      timeout: 1_000,
    })
  }).toPass({ timeout: 45_000, intervals: [2_000] })
  await expect(open).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('table', { name: 'Cases' }).getByRole('row').nth(1)).toContainText(
    /High|Medium|Verification failed/,
  )

  await page.getByLabel('Kind').selectOption('failed_verification')
  await page.getByRole('button', { name: 'Apply filters' }).click()
  await expect(page).toHaveURL(/\/queue\?.*kind=failed_verification/)
  const rows = page.getByRole('table', { name: 'Cases' }).getByRole('row')
  await expect(rows.nth(1)).toContainText('Verification failed')
  await expect(rows.filter({ hasText: /High|Medium/ })).toHaveCount(0)

  await page.getByRole('button', { name: 'Take next' }).click()
  await expect(page).toHaveURL(/\/cases\/\d+$/)
  await expect(page.getByTestId('case-owner')).not.toHaveText('Unassigned')
})
