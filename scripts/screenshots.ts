// `npx tsx scripts/screenshots.ts [baseUrl]`: every page kind at 1280 and 375 px, in the light
// and dark themes, for review. ONLY=name,name and THEMES=dark narrow it.
import { mkdirSync } from 'node:fs'

import { chromium } from '@playwright/test'

import { exampleIds } from '@/lib/demo/example-ids'

const base = process.argv[2] ?? 'http://127.0.0.1:3100'
const out = 'test-results/screenshots'
const pages: [string, string][] = [
  ['home', '/'],
  ['profiles', '/profiles'],
  ['profile-rich', `/profiles/${exampleIds.richProfileId}`],
  ['profile-archived', `/profiles/${exampleIds.archivedProfileId}`],
  ['verification-errors', `/verifications/${exampleIds.errorsShortId}`],
  ['verification-pending', `/verifications/${exampleIds.shortIds.pending}`],
  ['aml-rich', `/aml/${exampleIds.amlRichId}`],
  ['aml-zero', `/aml/${exampleIds.amlZeroId}`],
  [
    'aml-review',
    `/aml/${exampleIds.reviewSearchId}?subject=verification%3A${exampleIds.reviewShortId}&sort=conflicts`,
  ],
  ['verification-differing', `/verifications/${exampleIds.differingShortId}`],
  ['webhooks', '/webhooks'],
  ['queue', '/queue'],
  ['queue-cases', '/queue?view=all'],
  ['history-sync', '/history-sync'],
  ['case', '/cases/1'],
  ['notifications', '/notifications'],
  ['notification-settings', '/settings/notifications'],
  ['activity', '/activity'],
  ['search', '/search?q=an'],
  ['analytics', '/analytics'],
  ['not-found', '/verifications/not..valid'],
]
// The re-screened applicant of the demo, read from the app itself (its id is random per dataset).
const reviewed = (await (
  await fetch(`${base}/api/verifications/short/${exampleIds.reviewShortId}`)
).json()) as { applicant_id?: string }
if (reviewed.applicant_id) pages.push(['applicant', `/applicants/${reviewed.applicant_id}`])

mkdirSync(out, { recursive: true })
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
})
const only = process.env.ONLY?.split(',')
const themes = (process.env.THEMES?.split(',') ?? ['light', 'dark']) as ('light' | 'dark')[]
for (const colorScheme of themes) {
  for (const width of [1280, 375]) {
    // The theme follows the system's until the analyst picks one.
    const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme })
    for (const [name, path] of pages) {
      if (only && !only.includes(name)) continue
      await page.goto(base + path, { waitUntil: 'networkidle' })
      const file = `${out}/${name}-${width}-${colorScheme}.png`
      // The webhook history's list is virtualized against the window: only the rows near the
      // viewport exist, so this capture shows blank space below them down to "Load more". Not a
      // layout gap: scrolled there in a browser, the rows reach the button.
      await page.screenshot({ path: file, fullPage: true })
      console.log(file)
    }
    await page.close()
  }
}
await browser.close()
