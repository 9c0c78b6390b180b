import { expect, test, type Page } from '@playwright/test'

import { exampleIds } from '@/lib/demo/example-ids'

import { openBeforeHydration } from '@/tests/e2e/support/before-hydration'
import { answerTimeout, pressUntilAnswered } from '@/tests/e2e/support/until-answered'

// The first visit of a page compiles it on a dev server.
const navigation = { timeout: 25_000 }
const unknownUuid = '0f6a9c5e-2b1d-4c8e-9a7f-3d2e1c0b9a87'

function searchBox(page: Page) {
  return page.getByRole('searchbox', { name: 'Open a record by id or URL' })
}

async function search(page: Page, text: string) {
  const box = searchBox(page)
  await box.fill(text)
  await box.press('Enter')
}

/** Paths of the lookups the browser made for one id. */
function recordLookups(page: Page, id: string) {
  const seen: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.startsWith('/api/') && pathname.endsWith(id)) seen.push(pathname)
  })
  return seen
}

test.beforeEach(async ({ page }) => {
  await page.goto('/')
})

test('a pasted short id opens the verification', async ({ page }) => {
  await search(page, exampleIds.shortIds.failed)
  await expect(page).toHaveURL(`/verifications/${exampleIds.shortIds.failed}`, navigation)
})

test('a verification URL on any host opens the verification', async ({ page }) => {
  await search(page, `https://verify.example.org/${exampleIds.sandboxShortId}?target=web`)
  await expect(page).toHaveURL(`/verifications/${exampleIds.sandboxShortId}`, navigation)
})

test('a profile link explains that link ids cannot be looked up and points to the profile list', async ({
  page,
}) => {
  await search(page, 'https://am.dataspike.io/vp/LBY6WV5YRLEFUH5DR?target=web')
  await expect(page.getByRole('status')).toContainText('LBY6WV5YRLEFUH5DR is a profile link id')
  await expect(page.getByRole('status')).toContainText('no way to look a profile up by its link id')
  await expect(page).toHaveURL('/')
  await page.getByRole('link', { name: 'Open the profile list' }).click()
  await expect(page).toHaveURL('/profiles', navigation)
})

test('a profile UUID is tried as profile and AML report at once and opens the profile', async ({
  page,
}) => {
  const id = exampleIds.defaultProfileId
  const lookups = recordLookups(page, id)
  await search(page, id)
  await expect(page).toHaveURL(`/profiles/${id}`, navigation)
  await expect(page.getByRole('status').filter({ hasText: 'is a profile' })).toHaveText(
    `${id} is a profile`,
  )
  expect(lookups).toEqual(
    expect.arrayContaining([`/api/profiles/${id}`, `/api/aml/search/history/${id}`]),
  )
  // The page shows the profile from what the search fetched: no second request for it.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(lookups.filter((path) => path === `/api/profiles/${id}`)).toHaveLength(1)
})

test('an AML search id is recognised by the lookup and opens the report', async ({ page }) => {
  await search(page, exampleIds.amlZeroId.toUpperCase())
  await expect(page).toHaveURL(`/aml/${exampleIds.amlZeroId}`, navigation)
  await expect(page.getByRole('status').filter({ hasText: 'is an AML report' })).toHaveText(
    `${exampleIds.amlZeroId} is an AML report`,
  )
})

test('a UUID that is neither says what was tried and offers it as a webhook configuration', async ({
  page,
}) => {
  await search(page, unknownUuid)
  await expect(page.getByRole('status')).toHaveText(
    `Nothing found for ${unknownUuid}: tried profile, AML report.`,
  )
  await expect(page).toHaveURL('/')
  await page.getByRole('button', { name: 'Open as webhook configuration' }).click()
  await expect(page).toHaveURL(`/webhooks?webhook_id=${unknownUuid}`, navigation)
})

test('a webhook: prefix opens the webhook history of that configuration without a lookup', async ({
  page,
}) => {
  const id = exampleIds.webhookIds[1]
  const lookups = recordLookups(page, id)
  await search(page, `webhook:${id}`)
  await expect(page).toHaveURL(`/webhooks?webhook_id=${id}`, navigation)
  expect(lookups).toEqual([])
})

test('text that is not an id is searched in the mirrored history by name', async ({ page }) => {
  await search(page, 'jane doe passport')
  await expect(page).toHaveURL('/search?q=jane%20doe%20passport', navigation)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search the history')
  await expect(page.getByText('Nothing found for “jane doe passport”')).toBeVisible()
})

test('the panel says how the input was read before Enter is pressed', async ({ page }) => {
  await searchBox(page).fill(`https://am.dataspike.io/${exampleIds.shortIds.verified}`)
  await expect(
    page.getByRole('button', { name: `Open verification ${exampleIds.shortIds.verified}` }),
  ).toBeVisible()
  await searchBox(page).fill(unknownUuid)
  await expect(page.getByRole('button', { name: 'Look up as profile or AML report' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Open as webhook configuration' })).toHaveAttribute(
    'href',
    `/webhooks?webhook_id=${unknownUuid}`,
  )
})

test('/ and Ctrl+K put the cursor in the search box, Esc closes its panel', async ({ page }) => {
  await pressUntilAnswered(page, '/', () => expect(searchBox(page)).toBeFocused(answerTimeout))
  await expect(page.getByText('Paste a short id, a verification or profile link')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByText('Paste a short id, a verification or profile link')).toBeHidden()
  await page.keyboard.press('Escape')
  await expect(searchBox(page)).not.toBeFocused()
  await page.keyboard.press('Control+k')
  await expect(searchBox(page)).toBeFocused()
})

test('recently opened records are offered by kind and id only, and open again', async ({
  page,
}) => {
  await page.goto(`/verifications/${exampleIds.shortIds.verified}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(navigation)
  // The heading is in the server's HTML; the record is remembered once the page has hydrated.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('verity:recent')), navigation)
    .toContain(exampleIds.shortIds.verified)
  await page.goto(`/aml/${exampleIds.amlZeroId}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(navigation)

  await searchBox(page).focus()
  const recent = page.getByRole('region', { name: 'Recently opened' })
  const links = recent.getByRole('link')
  await expect(links).toHaveText([
    `AML report${exampleIds.amlZeroId}`,
    `Verification${exampleIds.shortIds.verified}`,
  ])
  const stored = await page.evaluate(() => localStorage.getItem('verity:recent'))
  expect(JSON.parse(stored ?? '[]')).toEqual([
    { kind: 'aml', id: exampleIds.amlZeroId },
    { kind: 'verification', id: exampleIds.shortIds.verified },
  ])

  // Arrow keys move from the box into the list.
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await expect(links.nth(1)).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(`/verifications/${exampleIds.shortIds.verified}`, navigation)
})

test('a record that was not found is not offered again', async ({ page }) => {
  await page.goto('/verifications/VNOSUCHRECORD0000')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(navigation)
  // A page that answers a shortcut has hydrated: a visit would have been recorded by now.
  await pressUntilAnswered(page, '/', () => expect(searchBox(page)).toBeFocused(answerTimeout))
  await page.goto(`/verifications/${exampleIds.shortIds.verified}`)
  const stored = () => page.evaluate(() => localStorage.getItem('verity:recent'))
  await expect.poll(stored, navigation).toContain(exampleIds.shortIds.verified)
  expect(JSON.parse((await stored()) ?? '[]')).toEqual([
    { kind: 'verification', id: exampleIds.shortIds.verified },
  ])
  await searchBox(page).focus()
  await expect(page.getByRole('region', { name: 'Recently opened' }).getByRole('link')).toHaveText([
    `Verification${exampleIds.shortIds.verified}`,
  ])
})

test.describe('Enter pressed before the page has hydrated', () => {
  // Without scripts the browser submits the form itself, as it does before hydration.
  test.describe('without scripts', () => {
    test.use({ javaScriptEnabled: false })

    test('a pasted verification link still opens the verification', async ({ page }) => {
      await search(page, `https://verify.example.org/${exampleIds.shortIds.failed}?target=web`)
      await expect(page).toHaveURL(`/verifications/${exampleIds.shortIds.failed}`, navigation)
    })
  })

  test('an id pasted before the page has hydrated is read once it has', async ({ page }) => {
    const release = await openBeforeHydration(page, '/profiles')
    await searchBox(page).fill(exampleIds.shortIds.verified)
    release()
    const open = page.getByRole('button', {
      name: `Open verification ${exampleIds.shortIds.verified}`,
    })
    await expect(open).toBeVisible(navigation)
    await searchBox(page).press('Enter')
    await expect(page).toHaveURL(`/verifications/${exampleIds.shortIds.verified}`, navigation)
  })

  test('a pasted UUID is looked up once the page has hydrated', async ({ page }) => {
    const id = exampleIds.defaultProfileId
    await page.goto(`/search?q=${id}`)
    await expect(page).toHaveURL(`/profiles/${id}`, navigation)
    await expect(page.getByRole('status').filter({ hasText: 'is a profile' })).toHaveText(
      `${id} is a profile`,
    )
    // The address that carried the search is not left in the history for Back to repeat.
    await page.goBack()
    await expect(page).toHaveURL('/')
    await expect(searchBox(page)).toHaveValue('')
  })

  test('text that is not an id is searched in the history, in a form that refines it', async ({
    page,
  }) => {
    await page.goto('/search?q=jane%20doe%20passport')
    await expect(page.getByText('Nothing found for “jane doe passport”')).toBeVisible(navigation)
    await expect(page).toHaveURL('/search?q=jane%20doe%20passport')
    await expect(page.getByRole('searchbox', { name: 'Name or id' })).toHaveValue(
      'jane doe passport',
    )
  })
})
