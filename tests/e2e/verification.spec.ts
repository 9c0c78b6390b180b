import { expect, test, type Page } from '@playwright/test'

import { buildDataset } from '@/simulator/data/dataset'
import { exampleIds } from '@/lib/demo/example-ids'
import { simUrl } from '@/playwright.config'

import { hydrated } from '@/tests/e2e/support/until-answered'

const dataset = buildDataset()
const byShortId = (shortId: string) => {
  const verification = dataset.verifications.find((v) => v.verification_url_id === shortId)
  if (!verification) throw new Error(`no verification ${shortId} in the data set`)
  return verification
}

const checkCard = (page: Page, label: string) =>
  page.getByRole('listitem', { name: `${label} check` })
const lifecycle = (page: Page) => page.getByRole('region', { name: 'Lifecycle' })
/** One status of the lifecycle stepper, by its words. */
const step = (page: Page, words: string) =>
  lifecycle(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(words, { exact: true }) })

async function simRequestsFor(fragment: string): Promise<number> {
  const stats = (await (await fetch(`${simUrl}/__sim/stats`)).json()) as {
    byPath: Record<string, number>
  }
  return Object.entries(stats.byPath)
    .filter(([path]) => path.includes(fragment))
    .reduce((sum, [, count]) => sum + count, 0)
}

// Under `npm run dev` each page compiles on its first visit; give that room beyond the default.
test.describe.configure({ timeout: 60_000 })

const STATUS_WORDS = {
  initial: 'Initial',
  pending: 'Pending',
  in_progress: 'In progress',
  verified: 'Verified',
  failed: 'Failed',
  canceled: 'Canceled',
  expired: 'Expired',
} as const

test.describe('a verification in every status', () => {
  for (const [status, shortId] of Object.entries(exampleIds.shortIds)) {
    const words = STATUS_WORDS[status as keyof typeof STATUS_WORDS]
    test(`${status}: the header badge and the lifecycle's current step say “${words}”`, async ({
      page,
    }) => {
      await page.goto(`/verifications/${shortId}`)
      await expect(page.getByRole('heading', { level: 1 })).toContainText(shortId)
      await expect(page.locator('header').getByText(words, { exact: true }).first()).toBeVisible()
      const current = lifecycle(page).locator('[aria-current="step"]')
      await expect(current).toHaveCount(1)
      await expect(current).toContainText(words)
    })
  }

  test('verified: cancel and expiry are no longer possible and there is no countdown', async ({
    page,
  }) => {
    await page.goto(`/verifications/${exampleIds.shortIds.verified}`)
    const card = lifecycle(page)
    await expect(step(page, 'Canceled')).toContainText('not possible')
    await expect(step(page, 'Expired')).toContainText('not possible')
    await expect(card).toContainText('Verified is an end state')
    // The countdown is drawn after hydration: wait for it before saying there is none.
    await hydrated(page)
    await expect(page.getByText(/expires in|expiry time passed/)).toHaveCount(0)
  })

  test('initial: every move is still open and the expiry counts down', async ({ page }) => {
    await page.goto(`/verifications/${exampleIds.shortIds.initial}`)
    for (const next of ['Pending', 'In progress', 'Canceled', 'Expired']) {
      await expect(step(page, next)).toContainText('possible next')
    }
    await expect(step(page, 'Verified')).toContainText('not possible')
    await expect(page.getByText(/^expires in \d+ d \d+ h$/)).toBeVisible()
  })

  test('in progress: the result can still come, but expiry cannot', async ({ page }) => {
    await page.goto(`/verifications/${exampleIds.shortIds.in_progress}`)
    await expect(step(page, 'Verified')).toContainText('possible next')
    await expect(step(page, 'Expired')).toContainText('not possible')
    await hydrated(page)
    await expect(page.getByText(/expires in|expiry time passed/)).toHaveCount(0)
  })
})

test.describe('a verification with errors in several checks', () => {
  const verification = byShortId(exampleIds.errorsShortId)
  const checks = Object.entries(verification.checks ?? {})
  const errorCount = checks.reduce((sum, [, check]) => sum + (check?.errors?.length ?? 0), 0)
  const failing = checks.filter(([, check]) => (check?.errors?.length ?? 0) > 0).length

  test('the summary counts every error and every failing check', async ({ page }) => {
    await page.goto(`/verifications/${exampleIds.errorsShortId}`)
    await expect(
      page.getByText(`${errorCount} errors in ${failing} of ${checks.length} checks`),
    ).toBeVisible()
  })

  test('each error shows its code, its message and the category of its code in words', async ({
    page,
  }) => {
    await page.goto(`/verifications/${exampleIds.errorsShortId}`)
    const labels: Record<string, string> = {
      document_mrz: 'Document (MRZ)',
      face_comparison: 'Face comparison',
      poa: 'Proof of address',
      liveness: 'Liveness',
    }
    for (const [name, check] of checks) {
      const card = checkCard(page, labels[name] ?? name)
      await expect(card.getByText('Failed', { exact: true })).toBeVisible()
      for (const error of check?.errors ?? []) {
        const row = card.getByRole('row').filter({ hasText: String(error.code) })
        await expect(row).toContainText(error.message ?? '')
      }
    }
    const mrzRows = checkCard(page, 'Document (MRZ)').getByRole('row')
    await expect(mrzRows.filter({ hasText: '7000' })).toContainText('Cross-check duplicate')
    await expect(
      checkCard(page, 'Liveness').getByRole('row').filter({ hasText: '10000' }),
    ).toContainText('Device fingerprint')
  })

  test('checks are marked required from the settings', async ({ page }) => {
    await page.goto(`/verifications/${exampleIds.errorsShortId}`)
    await expect(
      checkCard(page, 'Document (MRZ)').getByText('Required', { exact: true }),
    ).toBeVisible()
    await expect(
      checkCard(page, 'Proof of address').getByText('Required', { exact: true }),
    ).toBeVisible()
  })

  test('MRZ dates show as full dates beside their raw six digits', async ({ page }) => {
    await page.goto(`/verifications/${exampleIds.errorsShortId}`)
    const mrz = verification.checks?.document_mrz?.data as { expiry_date: string; surname: string }
    const block = page.getByRole('region', { name: 'MRZ' })
    const [yy, mm, dd] = [
      mrz.expiry_date.slice(0, 2),
      mrz.expiry_date.slice(2, 4),
      mrz.expiry_date.slice(4, 6),
    ]
    await expect(block.getByText(`20${yy}-${mm}-${dd}`)).toBeVisible()
    await expect(block.getByText(`raw ${mrz.expiry_date}`)).toBeVisible()
    await expect(block.getByText(mrz.surname, { exact: true })).toBeVisible()
  })

  test('the AML card links to the report with its match count and highest risk', async ({
    page,
  }) => {
    // The count and the level come with the page: the browser never asks for the report itself.
    const reportRequests: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/aml/'))
        reportRequests.push(request.url())
    })
    await page.goto(`/verifications/${exampleIds.errorsShortId}`)
    const report = dataset.amlResults.get(exampleIds.amlRichId)
    const aml = page.getByRole('region', { name: 'AML screening' })
    await expect(aml.getByRole('link', { name: 'Open AML report' })).toHaveAttribute(
      'href',
      `/aml/${exampleIds.amlRichId}?subject=verification%3A${exampleIds.errorsShortId}`,
    )
    await expect(aml.getByText(`${report?.data.length} matches`)).toBeVisible()
    await expect(aml.getByText(`Highest risk: ${report?.max_risk_score}`)).toBeVisible()
    await hydrated(page)
    expect(reportRequests).toEqual([])
  })

  test('the profile shows by name and links to its page', async ({ page }) => {
    // The name comes with the page: the browser never asks for the whole profile.
    const profileRequests: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/profiles'))
        profileRequests.push(request.url())
    })
    await page.goto(`/verifications/${exampleIds.errorsShortId}`)
    const profile = dataset.profiles.find((p) => p.profile_id === verification.profile_id)
    const link = page.getByRole('link', { name: profile?.name ?? '' })
    await expect(link).toHaveAttribute('href', `/profiles/${verification.profile_id}`)
    await hydrated(page)
    expect(profileRequests).toEqual([])
  })

  test('the AML gist, how it was screened and the profile name are in the page as first sent', async ({
    request,
  }) => {
    // Read in time, they are rendered in place: streamed in behind a placeholder instead, React
    // showed them no sooner than 300 ms after the first paint (the notice 210-230 ms late).
    const html = await (await request.get(`/verifications/${exampleIds.errorsShortId}`)).text()
    const firstSent = html.replace(/<div hidden id="S:[\s\S]*$/, '')
    const report = dataset.amlResults.get(exampleIds.amlRichId)
    const profile = dataset.profiles.find((p) => p.profile_id === verification.profile_id)
    expect(firstSent).not.toContain('Checking how it was screened')
    expect(firstSent).toContain('How it was screened is not known')
    expect(firstSent).toContain(`${report?.data.length}<!-- --> <!-- -->matches`)
    expect(firstSent).toContain(`>${profile?.name}</a>`)
  })
})

test('a sandbox verification carries the sandbox badge, a live one does not', async ({ page }) => {
  await page.goto(`/verifications/${exampleIds.sandboxShortId}`)
  await expect(page.locator('header').getByText('Sandbox', { exact: true })).toBeVisible()
  const live =
    Object.values(exampleIds.shortIds).find((id) => byShortId(id).is_sandbox === false) ?? ''
  await page.goto(`/verifications/${live}`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(live)
  await expect(page.locator('header').getByText('Sandbox', { exact: true })).toHaveCount(0)
})

test('a verification without optional members still shows its checks and says what is missing', async ({
  page,
}) => {
  const minimal = byShortId(exampleIds.minimalShortId)
  await page.goto(`/verifications/${exampleIds.minimalShortId}`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(exampleIds.minimalShortId)
  await expect(page.getByText('No identity data collected yet.')).toBeVisible()
  await expect(page.getByText('No AML search was made for this verification.')).toBeVisible()
  await expect(page.getByText('No documents provided.')).toBeVisible()
  await expect(page.getByText('not completed')).toBeVisible()
  const pending = minimal.checks?.document_mrz?.pending_documents?.map(String) ?? []
  await expect(checkCard(page, 'Document (MRZ)')).toContainText(
    `Waiting for: ${pending.join(', ')}`,
  )
})

test('/v/{short_id}, the form tickets link to, shows the verification page', async ({ page }) => {
  const response = await page.goto(`/v/${exampleIds.errorsShortId}`)
  expect(response?.status()).toBe(200)
  await expect(page).toHaveURL(`/v/${exampleIds.errorsShortId}`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(exampleIds.errorsShortId)
  await expect(checkCard(page, 'Document (MRZ)')).toBeVisible()
})

test('a verification URL pasted into the search opens its page', async ({ page }) => {
  await page.goto('/')
  const search = page.getByRole('searchbox', { name: 'Open a record by id or URL' })
  await search.fill(`https://am.dataspike.io/${exampleIds.shortIds.pending}`)
  await search.press('Enter')
  await expect(page).toHaveURL(`/verifications/${exampleIds.shortIds.pending}`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(exampleIds.shortIds.pending)
})

test.describe('not found', () => {
  test('an unknown short id shows the not-found page', async ({ page }) => {
    await page.goto('/verifications/V0000000000000000')
    await expect(page.getByRole('heading', { name: 'Verification not found' })).toBeVisible()
  })

  test('a malformed short id shows not-found without asking the upstream', async ({ page }) => {
    const tooLong = `V${'0'.repeat(64)}`
    for (const id of [tooLong, 'bad.id']) {
      await page.goto(`/verifications/${id}`)
      await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible()
    }
    expect(await simRequestsFor(tooLong)).toBe(0)
    expect(await simRequestsFor('bad.id')).toBe(0)
  })
})

// Upstream failures on this page (the error in words, then Try again) are covered by
// upstream-faults.spec.ts, which injects them into a simulator of its own.
