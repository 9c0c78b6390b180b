import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'

import { exampleIds } from '@/lib/demo/example-ids'

import { answerTimeout, expand, untilAnswered } from '@/tests/e2e/support/until-answered'

const pages = [
  { kind: 'home', path: '/' },
  { kind: 'profile list', path: '/profiles' },
  { kind: 'profile detail', path: `/profiles/${exampleIds.richProfileId}` },
  { kind: 'verification', path: `/verifications/${exampleIds.errorsShortId}` },
  { kind: 'AML report', path: `/aml/${exampleIds.amlRichId}` },
  {
    kind: 'AML report compared with its subject',
    path: `/aml/${exampleIds.reviewSearchId}?subject=verification%3A${exampleIds.reviewShortId}`,
  },
  {
    kind: 'screened-differently verification',
    path: `/verifications/${exampleIds.differingShortId}`,
  },
  { kind: 'webhook history', path: '/webhooks' },
  { kind: 'work queue', path: '/queue' },
  { kind: 'work queue, all cases', path: '/queue?view=all' },
  { kind: 'analytics', path: '/analytics?from=2026-08-04&to=2026-11-01' },
  { kind: 'reports to the FIU', path: '/reports' },
  { kind: 'not found', path: '/no/such/page' },
]

/** Violations as short lines naming the rule and where, so a failure reads without a trace. */
async function scan(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze()
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id}: ${node.target.join(' ')} – ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`,
    ),
  )
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme })

    for (const { kind, path } of pages) {
      test(`the ${kind} page has no accessibility violations`, async ({ page }) => {
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 25_000 })
        await expect(page.locator('html')).toHaveClass(
          theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/,
        )
        // Skeletons and the first relative times settle before the scan.
        await page.waitForLoadState('networkidle')
        expect(await scan(page)).toEqual([])
      })
    }

    test('expanded AML match cards and webhook records have no accessibility violations', async ({
      page,
    }) => {
      // Their details (media, companies, names, sources, deliveries) only render when expanded.
      // Two pages, seven expansions and two scans of large pages: more than the default 30 s on CI.
      test.setTimeout(90_000)
      await page.goto(`/aml/${exampleIds.amlRichId}`)
      const cards = page.getByRole('article')
      await expect(cards.first()).toBeVisible({ timeout: 25_000 })
      for (let n = 0; n < 4; n++) await expand(cards.nth(n))
      // A decision form open on the first card, and its errors shown.
      await cards.first().getByRole('button', { name: 'Decide', exact: true }).click()
      await cards.first().getByRole('button', { name: 'Save decision' }).click()
      await expect(cards.first().getByRole('alert').first()).toBeVisible()
      expect(await scan(page)).toEqual([])

      await page.goto('/webhooks')
      const records = page.getByRole('list', { name: 'Webhook notifications' }).getByRole('article')
      await expect(records.first()).toBeVisible({ timeout: 25_000 })
      for (let n = 0; n < 3; n++) await expand(records.nth(n))
      expect(await scan(page)).toEqual([])
    })

    test('the open search panel and the shortcuts dialog have no accessibility violations', async ({
      page,
    }) => {
      await page.goto(`/verifications/${exampleIds.shortIds.verified}`)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 25_000 })
      const box = page.getByRole('searchbox', { name: 'Open a record by id or URL' })
      await untilAnswered(
        async () => {
          await box.fill('0f6a9c5e-2b1d-4c8e-9a7f-3d2e1c0b9a87')
          await box.press('Enter')
        },
        () =>
          expect(page.getByRole('button', { name: 'Open as webhook configuration' })).toBeVisible(
            answerTimeout,
          ),
      )
      expect(await scan(page)).toEqual([])
      // The first Esc closes the panel, the second leaves the search box.
      await page.keyboard.press('Escape')
      await page.keyboard.press('Escape')
      await page.keyboard.press('?')
      await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible()
      expect(await scan(page)).toEqual([])
    })
  })
}

test('every control of the header is reachable with Tab and shows where the focus is', async ({
  page,
}) => {
  await page.goto('/')
  const names: string[] = []
  for (let n = 0; n < 24; n++) {
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null
      if (!element || !element.closest('header')) return null
      const style = getComputedStyle(element)
      return {
        name: element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '',
        outlined: style.outlineStyle !== 'none' && style.outlineWidth !== '0px',
      }
    })
    if (!focused) break
    expect(focused.outlined, `${focused.name} shows focus`).toBe(true)
    names.push(focused.name)
  }
  expect(names).toEqual(
    expect.arrayContaining([
      'Skip to content',
      'Verity',
      'Profiles',
      'Webhooks',
      'Local',
      'UTC',
      'Light theme',
      'Dark theme',
      'System theme',
      'Keyboard shortcuts',
    ]),
  )
})
