// `npx tsx scripts/screenshots.ts [baseUrl]`: every page kind at 1280 and 375 px, for review.
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
  ['webhooks', '/webhooks'],
  ['not-found', '/verifications/not..valid'],
]

mkdirSync(out, { recursive: true })
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
})
const only = process.env.ONLY?.split(',')
for (const width of [1280, 375]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } })
  for (const [name, path] of pages) {
    if (only && !only.includes(name)) continue
    await page.goto(base + path, { waitUntil: 'networkidle' })
    await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: true })
    console.log(`${out}/${name}-${width}.png`)
  }
  await page.close()
}
await browser.close()
