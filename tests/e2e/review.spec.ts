import { expect, test, type Browser, type Locator, type Page } from '@playwright/test'

import { exampleIds } from '@/lib/demo/example-ids'
import type { AmlSearchResult, Verification, WebhookHistoryPage } from '@/lib/upstream/schemas'

import { simGet } from '@/tests/e2e/support/raw-identity'
import {
  signedInAuditLines,
  signedInIssuer,
  signedInReady,
  signedInUrl,
} from '@/tests/e2e/support/signed-in'
import { signInAs } from '@/tools/harness/sign-in'
import { hydrated } from '@/tests/e2e/support/until-answered'

/*
 * Match review in the browser: why each hit matched, decisions with reasons that other analysts
 * see, four eyes, decisions remembered across screenings of one applicant, what changed since the
 * previous screening, and the triage home page. Decisions need two analysts, so this file signs in
 * to the suite's instance with sign-in enabled (support/signed-in.ts), which keeps a history mirror
 * for the home page's work list and re-screening changes; ana and gus are this file's accounts
 * there, and the review's report is decided on here only.
 */

test.describe.configure({ mode: 'serial', timeout: 90_000 })

const { reviewShortId, reviewSearchId, reviewPreviousSearchId, differingShortId } = exampleIds
const reviewSubject = `verification:${reviewShortId}`
const reviewPath = `/aml/${reviewSearchId}?subject=${encodeURIComponent(reviewSubject)}`

let verification: Verification
let current: AmlSearchResult
let previous: AmlSearchResult
let previousRecordId: string

test.beforeAll(async () => {
  test.setTimeout(150_000)
  await signedInReady()
  verification = await simGet<Verification>(`/api/v3/verifications/short/${reviewShortId}`)
  current = await simGet<AmlSearchResult>(`/api/v3/aml/search/history/${reviewSearchId}`)
  previous = await simGet<AmlSearchResult>(`/api/v3/aml/search/history/${reviewPreviousSearchId}`)
  previousRecordId = await screeningRecordOf(reviewPreviousSearchId)
})

test.use({ baseURL: undefined })

/** The history record whose screening made this report, looked up in the simulator. */
async function screeningRecordOf(searchId: string): Promise<string> {
  let after: string | undefined
  for (let page = 0; page < 20; page++) {
    const query = after ? `?after=${after}` : ''
    const history = await simGet<WebhookHistoryPage>(
      `/api/v3/notifications/webhook/history${query}`,
    )
    for (const record of history.data) {
      const result = (record.payload as { search_response?: { search_uuid?: string } } | null)
        ?.search_response
      if (record.event_type === 'AML_SCREENING' && result?.search_uuid === searchId)
        return record.id
    }
    after = history.data.at(-1)?.id
    if (!history.has_next || !after) break
  }
  throw new Error(`no screening record of ${searchId} in the simulator's history`)
}

/** A signed-in page of its own browser context, on `path`. */
async function analyst(browser: Browser, login: 'ana' | 'gus', path: string) {
  const page = await (await browser.newContext()).newPage()
  await page.goto(`${signedInUrl}${path}`)
  await signInAs(page, login)
  await hydrated(page)
  return page
}

/** A match's card, by the anchor id it carries. */
const card = (page: Page, uuid: string) => page.locator(`article#match-${uuid}`)

function nameOf(result: AmlSearchResult, uuid: string): string {
  const match = result.data.find((m) => m.uuid === uuid)
  const best = match?.search_metadata?.best_match_name ?? match?.fields?.names?.[0]?.full_name
  if (!best) throw new Error(`match ${uuid} has no name to find its card by`)
  return best
}

async function decide(target: Locator, button: string, decision: string, reason: string) {
  await target.getByRole('button', { name: button, exact: true }).click()
  const form = target.getByRole('form')
  await form.getByRole('radio', { name: decision }).check()
  await form.getByLabel(/^Reason/).fill(reason)
  await form.getByRole('button', { name: 'Save decision' }).click()
  await expect(form).toHaveCount(0)
}

test('each collapsed card says why it matched, and a conflicting date of birth shows both years', async ({
  browser,
}) => {
  const page = await analyst(browser, 'ana', reviewPath)
  const subject = page.getByRole('region', { name: 'Screened subject' })
  await expect(subject).toContainText(`verification ${reviewShortId}`)
  const born = /\d{4}/.exec(verification.poi_data?.birth_date ?? '')?.[0]
  expect(born, 'the review verification has a date of birth').toBeTruthy()
  await expect(subject).toContainText(`born ${born}`)

  // Sorted with conflicts first, the first card conflicts, and says so without being expanded.
  await page.goto(`${signedInUrl}${reviewPath}&sort=conflicts`)
  const first = page.getByRole('article').first()
  await expect(first.getByRole('button', { expanded: false })).toBeVisible()
  await expect(first).toContainText('Conflicts')
  await expect(first).toContainText(new RegExp(`applicant born ${born}: date of birth conflicts`))
  // The full date of birth stays masked: only its year is in the comparison.
  await expect(page.getByText(verification.poi_data!.birth_date!)).toHaveCount(0)

  // "No conflict" keeps only cards without one.
  await page.goto(`${signedInUrl}${reviewPath}&fit=no-conflict`)
  await expect(page.getByRole('article').first()).toBeVisible()
  await expect(
    page.getByRole('article').filter({ hasText: 'date of birth conflicts' }),
  ).toHaveCount(0)
  await page.context().close()
})

test('a decision with its reason survives a reload and is seen by another analyst at once', async ({
  browser,
}) => {
  const uuid = current.data[0]!.uuid
  const ana = await analyst(browser, 'ana', reviewPath)
  const reason = 'Different date of birth and nationality than the applicant.'
  await decide(card(ana, uuid), 'Decide', 'False positive', reason)
  await expect(card(ana, uuid)).toContainText('False positive · you')

  await ana.reload()
  await expect(card(ana, uuid)).toContainText('False positive · you')
  await card(ana, uuid)
    .getByText(/^History \(1\)/)
    .click()
  await expect(card(ana, uuid)).toContainText(reason)

  const gus = await analyst(browser, 'gus', reviewPath)
  await expect(card(gus, uuid)).toContainText('False positive · ana@verity.test')
  await expect(gus.getByRole('region', { name: 'Summary' })).toContainText('1 reviewed')

  // An empty reason is refused in the form, and nothing is recorded.
  const other = current.data[1]!.uuid
  await card(gus, other).getByRole('button', { name: 'Decide', exact: true }).click()
  await card(gus, other).getByRole('radio', { name: 'False positive' }).check()
  await card(gus, other).getByRole('button', { name: 'Save decision' }).click()
  await expect(card(gus, other).getByRole('alert')).toContainText('At least 10 characters')
  await gus.reload()
  await expect(card(gus, other)).toContainText('Unreviewed')
  await ana.context().close()
  await gus.context().close()
})

test('the analyst who set a true match cannot confirm it; another analyst can', async ({
  browser,
}) => {
  const uuid = current.data[2]!.uuid
  const ana = await analyst(browser, 'ana', reviewPath)
  await decide(
    card(ana, uuid),
    'Decide',
    'True match',
    'Same name, same year of birth, same country.',
  )
  await expect(card(ana, uuid)).toContainText('True match · awaiting a second analyst')
  await expect(card(ana, uuid)).toContainText('Awaiting a second analyst: you set this decision')
  await expect(card(ana, uuid).getByRole('button', { name: 'Confirm' })).toHaveCount(0)

  // The server refuses it too, whatever the page offers.
  const refused = await ana.request.post(`${signedInUrl}/api/aml/${reviewSearchId}/decisions`, {
    headers: { origin: signedInUrl },
    data: {
      matchUuid: uuid,
      decision: 'true_match',
      action: 'confirm',
      reason: 'Confirming my own decision.',
      subject: reviewSubject,
    },
  })
  expect(refused.status()).toBe(409)

  const gus = await analyst(browser, 'gus', reviewPath)
  await expect(card(gus, uuid)).toContainText('True match · awaiting a second analyst')
  await decide(card(gus, uuid), 'Confirm', 'Confirm: True match', 'Checked the sources: it is him.')
  await expect(card(gus, uuid)).toContainText('True match · you')
  await expect(card(gus, uuid)).not.toContainText('awaiting')
  await ana.reload()
  await expect(card(ana, uuid)).toContainText('True match · gus@contractor.test')

  // Clearing the confirmed true match needs a second analyst too, not its first author alone.
  const changeReason = 'Second look: the sources describe another man.'
  await hydrated(ana)
  await decide(card(ana, uuid), 'Decide again', 'False positive', changeReason)
  await expect(card(ana, uuid)).toContainText('False positive · awaiting a second analyst')
  await expect(card(ana, uuid)).toContainText('Awaiting a second analyst: you set this decision')
  await gus.reload()
  await hydrated(gus)
  await decide(
    card(gus, uuid),
    'Confirm',
    'Confirm: False positive',
    'Agreed: the sources describe another man.',
  )
  await expect(card(gus, uuid)).toContainText('False positive · you')
  await expect(card(gus, uuid)).not.toContainText('awaiting')
  // The trail and standard output carry the reasons' digests, never their words.
  const decided = signedInAuditLines('ana@verity.test', 'gus@contractor.test').filter(
    (line) => line.action === 'decide',
  )
  expect(decided.length).toBeGreaterThanOrEqual(4)
  for (const line of decided) expect(String(line.reason)).not.toContain('sources describe')
  expect(decided.at(-1)).toMatchObject({
    user: 'gus@contractor.test',
    analystId: `${signedInIssuer} gus`,
    reason: expect.stringMatching(/^false_positive \(confirm\) reason sha256:[0-9a-f]{64}$/),
  })
  await ana.context().close()
  await gus.context().close()
})

test('a re-screened applicant shows the earlier decision to carry over, and the matches added and removed', async ({
  browser,
}) => {
  // A match of both screenings that the tests above left undecided on the newer report.
  const kept = previous.data.find((m) => current.data.slice(3).some((c) => c.uuid === m.uuid))!
  const previousPath = `/aml/${reviewPreviousSearchId}?subject=${encodeURIComponent(`screening:${previousRecordId}`)}`
  const ana = await analyst(browser, 'ana', previousPath)
  // The hash opens the card and scrolls it into the virtual list's rendered window (sign-in's
  // redirects drop a hash, so it is opened again once signed in).
  await ana.goto(`${signedInUrl}${previousPath}#match-${kept.uuid}`)
  await expect(ana.getByRole('region', { name: 'Screened subject' })).toBeVisible()
  await decide(
    card(ana, kept.uuid),
    'Decide',
    'False positive',
    'Born two decades before the applicant.',
  )

  await ana.goto(`${signedInUrl}${reviewPath}#match-${kept.uuid}`)
  const remembered = card(ana, kept.uuid)
  await expect(remembered).toContainText(
    'Earlier decision on this applicant: False positive by ana@verity.test',
  )
  await expect(remembered).toContainText('Born two decades before the applicant.')
  // Never silently: until carried over, this report's card is unreviewed.
  await expect(remembered).toContainText('Unreviewed')
  await remembered.getByRole('button', { name: 'Carry it over to this report' }).click()
  await expect(remembered).toContainText('False positive · you')

  const added = current.data.filter((m) => !previous.data.some((p) => p.uuid === m.uuid))
  const removed = previous.data.filter((m) => !current.data.some((c) => c.uuid === m.uuid))
  expect(added.length).toBeGreaterThan(0)
  expect(removed.length).toBeGreaterThan(0)
  const changes = ana.getByRole('region', { name: 'Since the previous screening' })
  await expect(changes).toContainText(`Added (${added.length})`)
  await expect(changes).toContainText(`Removed (${removed.length})`)
  await expect(changes).toContainText(nameOf(previous, removed[0]!.uuid))
  await expect(changes).toContainText(/Looked through the (newest [\d,]+ notifications|whole)/)
  await ana.context().close()
})

test('the home page lists the open screening cases from the mirror, each opening its case and then its report in context', async ({
  browser,
}) => {
  const page = await analyst(browser, 'ana', '/')
  const list = page.getByRole('region', { name: /^Screenings to review/ })
  const first = list.getByRole('listitem').first()
  // The list comes from the mirror, which the server fills in the background after it starts.
  await expect(async () => {
    await page.reload()
    await expect(first).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 30_000 })
  await expect(first).toContainText(/High|Medium/)
  await expect(first).toContainText(/\d+ of \d+ match(es)? reviewed/)
  await first.getByRole('link').first().click()
  await expect(page).toHaveURL(/\/cases\/\d+$/)
  await page.getByRole('link', { name: /^AML report / }).click()
  await expect(page).toHaveURL(/\/aml\/[0-9a-f-]{36}\?subject=screening%3A/)
  await expect(page.getByRole('region', { name: 'Screened subject' })).toBeVisible()
  await page.goto(`${signedInUrl}/`)
  await expect(page.getByRole('region', { name: /^Failed verifications/ })).toBeVisible()
  await expect(page.getByRole('region', { name: 'You opened lately' })).toContainText('AML report')
  await page.context().close()
})

test('a screening requested differently from the verified identity is flagged on the verification and its report', async ({
  browser,
}) => {
  const page = await analyst(browser, 'ana', `/verifications/${differingShortId}`)
  const aml = page.getByRole('region', { name: 'AML screening' })
  const notice = aml.getByText(/^Screened differently from the verified identity \(\d\)/)
  await expect(notice).toBeVisible()
  await notice.click()
  await expect(aml).toContainText(/Screened as/)
  await aml.getByRole('link', { name: 'Open AML report' }).click()
  await expect(page).toHaveURL(/subject=verification%3A/)
  await expect(page.getByText(/^Screened differently from the verified identity/)).toBeVisible()
  await page.context().close()
})
