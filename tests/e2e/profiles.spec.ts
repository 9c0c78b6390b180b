import { expect, test, type Page } from '@playwright/test'

import { manualFieldRows } from '@/lib/profiles/manual-fields'
import { buildDataset } from '@/simulator/data/dataset'
import { exampleIds } from '@/lib/demo/example-ids'
import { simUrl } from '@/playwright.config'

import { openBeforeHydration } from '@/tests/e2e/support/before-hydration'
import { hydrated } from '@/tests/e2e/support/until-answered'

const { profiles } = buildDataset()
const byId = (id: string) => {
  const profile = profiles.find((p) => p.profile_id === id)
  if (!profile) throw new Error(`no profile ${id} in the data set`)
  return profile
}

/** The profile names in the table, top to bottom. */
function rowNames(page: Page) {
  return page.getByRole('table').getByRole('link').allTextContents()
}

const pager = (page: Page) => page.getByRole('navigation', { name: 'Pages' }).first()

test.describe('profile list', () => {
  test('paging forward through the whole list and back shows the simulator’s profiles in order', async ({
    page,
  }) => {
    const limit = 10
    const lastPage = Math.ceil(profiles.length / limit)
    await page.goto(`/profiles?page=1&limit=${limit}`)
    for (let n = 1; n <= lastPage; n++) {
      await expect(page).toHaveURL(`/profiles?page=${n}&limit=${limit}`)
      await expect(pager(page).getByText(`Page ${n}`, { exact: true })).toBeVisible()
      const expected = profiles.slice((n - 1) * limit, n * limit).map((p) => p.name)
      await expect.poll(() => rowNames(page)).toEqual(expected)
      if (n < lastPage) await pager(page).getByRole('link', { name: 'Next →' }).click()
    }
    // The last page offers no Next: the upstream said has_next=false.
    await expect(pager(page).getByRole('link', { name: 'Next →' })).toHaveCount(0)

    await pager(page).getByRole('link', { name: '← Previous' }).click()
    await expect(page).toHaveURL(`/profiles?page=${lastPage - 1}&limit=${limit}`)
    await expect
      .poll(() => rowNames(page))
      .toEqual(profiles.slice((lastPage - 2) * limit, (lastPage - 1) * limit).map((p) => p.name))

    // The browser's Back button restores the view the URL names.
    await page.goBack()
    await expect(page).toHaveURL(`/profiles?page=${lastPage}&limit=${limit}`)
    await expect
      .poll(() => rowNames(page))
      .toEqual(profiles.slice((lastPage - 1) * limit).map((p) => p.name))

    await pager(page).getByRole('link', { name: 'First' }).click()
    await expect(page).toHaveURL(`/profiles?page=1&limit=${limit}`)
    await expect.poll(() => rowNames(page)).toEqual(profiles.slice(0, limit).map((p) => p.name))
    await expect(pager(page).getByRole('link', { name: '← Previous' })).toHaveCount(0)
  })

  test('pointing at Next fetches the next page, so moving forward needs no new request', async ({
    page,
  }) => {
    const requested: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/api/profiles?page=1&')) requested.push(r.url())
    })
    await page.goto('/profiles?page=1&limit=25')
    await expect.poll(() => rowNames(page)).toEqual(profiles.slice(0, 25).map((p) => p.name))
    // Not with the list itself: most views never page on.
    await page.waitForLoadState('networkidle')
    expect(requested).toEqual([])

    const next = pager(page).getByRole('link', { name: 'Next →' })
    const prefetched = page.waitForResponse((r) =>
      r.url().includes('/api/profiles?page=1&limit=25'),
    )
    await next.hover()
    await prefetched
    await next.click()
    await expect.poll(() => rowNames(page)).toEqual(profiles.slice(25, 50).map((p) => p.name))
    expect(requested).toHaveLength(1)
  })

  test('changing the page size updates the URL and keeps the first visible row on screen', async ({
    page,
  }) => {
    await page.goto('/profiles')
    await expect.poll(() => rowNames(page)).toEqual(profiles.slice(0, 25).map((p) => p.name))
    await pager(page).getByLabel('Rows per page').selectOption('10')
    await expect(page).toHaveURL('/profiles?page=1&limit=10')
    await expect.poll(() => rowNames(page)).toEqual(profiles.slice(0, 10).map((p) => p.name))

    const release = await openBeforeHydration(page, '/profiles?page=4&limit=10')
    // Chosen before the page has hydrated, the size is taken up once it has.
    await pager(page).getByLabel('Rows per page').selectOption('25')
    release()
    // Rows 31-40 were on screen; row 31 is on page 2 of 25.
    await expect(page).toHaveURL('/profiles?page=2&limit=25')
    await expect.poll(() => rowNames(page)).toEqual(profiles.slice(25, 50).map((p) => p.name))

    await page.goBack()
    await expect(page).toHaveURL('/profiles?page=4&limit=10')
    await expect.poll(() => rowNames(page)).toEqual(profiles.slice(30, 40).map((p) => p.name))
  })

  test('a malformed page and page size in the URL fall back to the first page of 25', async ({
    page,
  }) => {
    await page.goto('/profiles?page=abc&limit=7')
    await expect(page).toHaveURL('/profiles?page=1&limit=25')
    await expect.poll(() => rowNames(page)).toEqual(profiles.slice(0, 25).map((p) => p.name))
  })

  test('a page past the end says so and leads back to the first page', async ({ page }) => {
    await page.goto('/profiles?page=99&limit=10')
    await expect(page.getByText('Page 99 is past the end of the list')).toBeVisible()
    await expect(page.getByRole('table')).toHaveCount(0)
    await page.getByRole('link', { name: 'Go to the first page' }).click()
    await expect(page).toHaveURL('/profiles?page=1&limit=10')
    await expect.poll(() => rowNames(page)).toEqual(profiles.slice(0, 10).map((p) => p.name))
  })

  test('rows show badges, required checks, countries and link expiry of each profile', async ({
    page,
  }) => {
    await page.goto('/profiles?page=1&limit=10')
    const row = (id: string) =>
      page.getByRole('row').filter({ has: page.locator(`a[href="/profiles/${id}"]`) })
    await expect(
      row(exampleIds.defaultProfileId).getByText('Default', { exact: true }),
    ).toBeVisible()
    await expect(
      row(exampleIds.archivedProfileId).getByText('Archived', { exact: true }),
    ).toBeVisible()
    const rich = byId(exampleIds.richProfileId)
    const richRow = row(rich.profile_id)
    await expect(richRow.getByText('Proof of address required')).toBeAttached()
    await expect(
      richRow.getByText(String(rich.settings?.countries?.length), { exact: true }),
    ).toBeVisible()
    await expect(richRow.getByText('Video selfie', { exact: false })).toBeVisible()
  })

  test('text that looks like HTML is shown as text, never run', async ({ page }) => {
    let dialogs = 0
    page.on('dialog', (dialog) => {
      dialogs++
      void dialog.dismiss()
    })
    await page.goto('/profiles?page=1&limit=10')
    const link = page.getByRole('link', { name: '<script>alert("x")</script> onboarding' })
    await expect(link).toBeVisible()
    // A click while the list hydrates can be lost; the test is about what the profile page shows.
    await hydrated(page)
    await link.click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      '<script>alert("x")</script> onboarding',
      { timeout: 25_000 },
    )
    expect(dialogs).toBe(0)
  })

  test('a failed load says what went wrong and recovers on retry', async ({ page }) => {
    let failing = true
    await page.route('**/api/profiles?page=1&limit=25', (route) =>
      failing
        ? route.fulfill({
            status: 502,
            contentType: 'application/problem+json',
            body: JSON.stringify({
              type: 'about:blank#unavailable',
              title: 'Upstream unavailable',
              status: 502,
              detail: 'x',
            }),
          })
        : route.fallback(),
    )
    await page.goto('/profiles')
    // Before hydration Next is a plain link, and the server, not the browser, would ask.
    await hydrated(page)
    await pager(page).getByRole('link', { name: 'Next →' }).click()
    const alert = page.getByRole('alert').filter({ hasText: 'Try again' })
    await expect(alert).toContainText('The upstream service answered with an error')
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    failing = false
    await alert.getByRole('button', { name: 'Try again' }).click()
    await expect.poll(() => rowNames(page)).toEqual(profiles.slice(25, 50).map((p) => p.name))
  })
})

test.describe('profile detail', () => {
  test('the default profile shows its metadata, checks and countries', async ({ page }) => {
    const profile = byId(exampleIds.defaultProfileId)
    await page.goto(`/profiles/${profile.profile_id}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('default')
    await expect(page.getByText('Default', { exact: true })).toBeVisible()
    await expect(page.getByText(profile.profile_id).first()).toBeVisible()
    const overview = page.getByRole('region', { name: 'Overview' })
    // Who created it is an email, so it is masked until revealed (and the reveal is audited).
    await expect(overview.getByText(profile.created_by ?? '')).toHaveCount(0)
    await hydrated(page)
    await overview.getByRole('button', { name: /Reveal/ }).click()
    await expect(overview.getByText(profile.created_by ?? '')).toBeVisible()
    const checks = page.getByRole('region', { name: 'Required checks' })
    await expect(checks.getByRole('row', { name: /Proof of identity/ })).toContainText('Required')
    await expect(checks.getByRole('row', { name: /Proof of address/ })).toContainText(
      profile.settings?.poa_required ? 'Required' : 'Not required',
    )
    await expect(page).toHaveTitle(/default · Profile · Verity/)
  })

  test('an archived profile says it cannot be used for new verifications', async ({ page }) => {
    await page.goto(`/profiles/${exampleIds.archivedProfileId}`)
    await expect(
      page.getByRole('note').filter({ hasText: 'This profile is archived.' }),
    ).toContainText('This profile is archived. It cannot be used for new verifications.')
    await expect(page.getByText('Archived', { exact: true }).first()).toBeVisible()
  })

  test('a fully configured profile shows every section readably', async ({ page }) => {
    const profile = byId(exampleIds.richProfileId)
    const settings = profile.settings
    await page.goto(`/profiles/${profile.profile_id}`)
    await expect(page.getByText(profile.description ?? '')).toBeVisible()

    const countries = page.getByRole('region', { name: /Countries/ })
    await expect(countries.getByRole('heading')).toHaveText(
      `Countries (${settings?.countries?.length})`,
    )
    await expect(countries.getByText('Germany')).toBeVisible()

    const manual = page.getByRole('region', { name: 'Manual fields' })
    const rows = manual.getByRole('table').first().getByRole('row')
    const expected = manualFieldRows(settings?.manual_field_settings)
    await expect(rows).toHaveCount(expected.length + 1)
    for (const [index, field] of expected.entries()) {
      await expect(rows.nth(index + 1)).toContainText(field.name)
      await expect(rows.nth(index + 1)).toContainText(field.caption ?? '')
    }
    await expect(manual.getByText('Custom fields')).toBeVisible()
    await expect(manual.getByText('Crypto trading')).toBeVisible()

    const link = page.getByRole('region', { name: 'Verification link' })
    const web = link.getByRole('link', { name: profile.link?.web_link ?? '' })
    await expect(web).toHaveAttribute('href', profile.link?.web_link ?? '')
    await expect(web).toHaveAttribute('rel', 'noreferrer noopener')
    await expect(web).toHaveAttribute('target', '_blank')
    await expect(link.getByText('Differs from the profile’s settings').first()).toBeVisible()

    const finish = page.getByRole('region', { name: 'Finish screen' })
    await expect(
      finish.getByText(settings?.finish_screen_settings?.settings?.title ?? ''),
    ).toBeVisible()
  })

  test('a malformed id shows the not-found page without asking the upstream', async ({
    page,
    request,
  }) => {
    await page.goto('/profiles/not-a-uuid')
    await expect(page.getByRole('heading', { name: 'Profile not found' })).toBeVisible()
    const stats = (await (await request.get(`${simUrl}/__sim/stats`)).json()) as {
      byPath: Record<string, number>
    }
    expect(stats.byPath['/api/v3/profiles/not-a-uuid']).toBeUndefined()
    await page.getByRole('link', { name: 'Back to the profiles' }).click()
    await expect(page).toHaveURL('/profiles')
  })

  test('an unknown id shows the not-found page', async ({ page }) => {
    await page.goto('/profiles/00000000-0000-4000-8000-0000000000ab')
    await expect(page.getByRole('heading', { name: 'Profile not found' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  })
})
