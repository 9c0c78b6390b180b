import { expect, test, type Page } from '@playwright/test'

import { exampleIds } from '@/lib/demo/example-ids'
import { startSimulator, type Simulator } from '@/simulator/server'
import { freePort } from '@/scripts/free-port'
import { startApp, type AppInstance } from '@/tests/e2e/support/app-instance'

/*
 * Upstream faults, driven through the simulator's knobs: what the proxy answers and what the
 * analyst sees. This file runs its own simulator and Verity so its faults disturb no other test.
 */

const KEY = 'fault-suite-key'
const TIMEOUT_MS = 1_500
const shortId = exampleIds.errorsShortId
const apiPath = `/api/verifications/short/${shortId}`
let sim: Simulator
let app: AppInstance

test.beforeAll(async () => {
  sim = await startSimulator({ apiKey: KEY })
  app = await startApp({
    DS_API_BASE_URL: sim.url,
    DS_API_KEY: KEY,
    DS_API_TIMEOUT_MS: String(TIMEOUT_MS),
  })
})

test.afterAll(async () => {
  await app?.stop()
  await sim?.close()
})

test.afterEach(async () => {
  await fetch(`${sim.url}/__sim/reset`, { method: 'POST' })
})

async function fault(body: object) {
  const response = await fetch(`${sim.url}/__sim/fault`, {
    method: 'POST',
    body: JSON.stringify(body),
  })
  expect(response.ok).toBe(true)
}

async function upstreamHits(path: string) {
  const stats = (await (await fetch(`${sim.url}/__sim/stats`)).json()) as {
    byPath: Record<string, number>
  }
  return stats.byPath[path] ?? 0
}

async function expectErrorThenRecovery(page: Page, message: string | RegExp) {
  await page.goto(`${app.url}/verifications/${shortId}`)
  const alert = page.getByRole('alert').filter({ hasText: message })
  await expect(alert).toBeVisible()
  // Nothing half-rendered: no check cards next to the error.
  await expect(page.getByRole('heading', { name: /checks/i })).toHaveCount(0)
  await fault({ mode: 'none' })
  await alert.getByRole('button', { name: 'Try again' }).click()
  await expect(alert).toHaveCount(0)
  // The lifecycle is drawn from the verification itself, never beside an error.
  await expect(page.getByRole('region', { name: 'Lifecycle' })).toBeVisible()
}

test('latency beyond the timeout – 504 within the timeout and a margin; a timeout message, then retry', async ({
  page,
}) => {
  // Warm the route first: a cold first request also pays for loading its code.
  expect((await fetch(app.url + apiPath)).status).toBe(200)
  await fault({ mode: 'latency', ms: 5_000 })
  const started = Date.now()
  const response = await fetch(app.url + apiPath)
  expect(response.status).toBe(504)
  expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1_000)
  await expectErrorThenRecovery(page, 'timed out')
})

test('500s – bounded retries, then 502 and an unreachable message', async ({ page }) => {
  await fault({ mode: 'status', status: 500 })
  const before = await upstreamHits(`/api/v3/verifications/short/${shortId}`)
  const response = await fetch(app.url + apiPath)
  expect(response.status).toBe(502)
  const body = (await response.json()) as { type: string; detail: string }
  expect(body.type).toContain('unavailable')
  const attempts = (await upstreamHits(`/api/v3/verifications/short/${shortId}`)) - before
  expect(attempts).toBeGreaterThan(1)
  expect(attempts).toBeLessThanOrEqual(3)
  await expectErrorThenRecovery(page, 'unreachable')
})

test('429 with a short Retry-After – honoured, and the analyst sees the data', async () => {
  await fault({ mode: 'rate-limit', retryAfter: 1, times: 1 })
  const started = Date.now()
  const response = await fetch(app.url + apiPath)
  expect(response.status).toBe(200)
  expect(Date.now() - started).toBeGreaterThanOrEqual(900)
})

test('429 with a long Retry-After – 429 passed on with Retry-After, and a rate-limit message', async ({
  page,
}) => {
  await fault({ mode: 'rate-limit', retryAfter: 30 })
  const response = await fetch(app.url + apiPath)
  expect(response.status).toBe(429)
  expect(response.headers.get('retry-after')).toBe('30')
  await expectErrorThenRecovery(page, 'Too many requests')
})

test('connection reset – 502 after retries, then recovery', async ({ page }) => {
  await fault({ mode: 'reset' })
  const response = await fetch(app.url + apiPath)
  expect(response.status).toBe(502)
  await expectErrorThenRecovery(page, 'unreachable')
})

for (const mode of ['truncate', 'bad-shape'] as const) {
  test(`${mode} body – 502 bad response, nothing half-rendered`, async ({ page }) => {
    await fault({ mode })
    const response = await fetch(app.url + apiPath)
    expect(response.status).toBe(502)
    const body = (await response.json()) as { type: string; detail: string }
    expect(body.type).toContain('bad_response')
    expect(JSON.stringify(body)).not.toContain(KEY)
    await expectErrorThenRecovery(page, 'cannot read')
  })
}

test('upstream down when Verity starts – it starts, says so, and recovers without a restart', async ({
  page,
}) => {
  // It starts an instance of Verity and a simulator of its own, each taking seconds on a busy machine.
  test.setTimeout(90_000)
  const port = await freePort()
  const lonely = await startApp({
    DS_API_BASE_URL: `http://127.0.0.1:${port}`,
    DS_API_KEY: KEY,
    DS_API_TIMEOUT_MS: String(TIMEOUT_MS),
  })
  let late: Simulator | undefined
  try {
    const health = (await (await fetch(`${lonely.url}/api/health`)).json()) as {
      upstream: { ok: boolean }
    }
    expect(health.upstream.ok).toBe(false)
    await page.goto(`${lonely.url}/verifications/${shortId}`)
    await expect(page.getByRole('alert').filter({ hasText: 'unreachable' })).toBeVisible()

    late = await startSimulator({ apiKey: KEY, port })
    const recovered = (await (await fetch(`${lonely.url}/api/health`)).json()) as {
      upstream: { ok: boolean }
    }
    expect(recovered.upstream.ok).toBe(true)
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByRole('region', { name: 'Lifecycle' })).toBeVisible()
    await expect(page.getByRole('alert').filter({ hasText: 'Try again' })).toHaveCount(0)
  } finally {
    await lonely.stop()
    await late?.close()
  }
})
