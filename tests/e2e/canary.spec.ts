import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

import { expect, test } from '@playwright/test'

import { exampleIds } from '@/lib/demo/example-ids'

import { testKey } from '@/playwright.config'

/*
 * The upstream key must stay on the server. `npm test` builds with a fresh canary key and runs the
 * suite with it: it must appear nowhere in the client build, nor in anything the browser receives.
 */

const distDir = process.env.NEXT_DIST_DIR ?? '.next'

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

test('the client build does not contain the API key', () => {
  const files = filesUnder(join(distDir, 'static'))
  expect(files.length).toBeGreaterThan(10)
  const leaking = files.filter((file) => readFileSync(file).includes(testKey))
  expect(leaking).toEqual([])
})

const pages = [
  '/',
  '/profiles',
  `/profiles/${exampleIds.richProfileId}`,
  `/verifications/${exampleIds.errorsShortId}`,
  `/aml/${exampleIds.amlRichId}`,
  '/webhooks',
  '/verifications/V0000000000000000',
]

test('no page, RSC payload, header or browser request carries the API key', async ({ page }) => {
  const seen: string[] = []
  page.on('request', (request) => {
    const text = request.url() + JSON.stringify(request.headers()) + (request.postData() ?? '')
    if (text.includes(testKey)) seen.push(`request ${request.url()}`)
  })
  page.on('response', async (response) => {
    const headers = JSON.stringify(await response.allHeaders())
    const body = await response.body().catch(() => Buffer.alloc(0))
    if (headers.includes(testKey) || body.includes(testKey)) seen.push(`response ${response.url()}`)
  })
  for (const path of pages) {
    await page.goto(path)
    await page.waitForLoadState('networkidle')
  }
  // Client navigation fetches RSC payloads rather than HTML.
  await page.goto('/')
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Profiles' })
    .click()
  await expect(page).toHaveURL(/\/profiles/)
  await page.waitForLoadState('networkidle')
  expect(seen).toEqual([])
})
