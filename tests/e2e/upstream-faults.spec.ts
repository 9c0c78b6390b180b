import { expect, test, type Page } from '@playwright/test'

import { exampleIds } from '@/lib/demo/example-ids'
import { startSimulator, type Simulator } from '@/simulator/server/server'
import { freePort } from '@/tools/harness/free-port'
import { startApp, type AppInstance } from '@/tests/e2e/support/app-instance'

/*
 * Upstream faults, driven through the simulator's knobs: what the proxy answers and what the
 * analyst sees. This file runs its own simulator and Verity so its faults disturb no other test.
 */

const KEY = 'fault-suite-key'
const TIMEOUT_MS = 1_500
// A short cool-off, so that a circuit one test opens is closed again for the next, and long
// enough for a test to look at the open circuit before its trial goes out: two page loads and a
// request, which took over 5 s once on a busy CI machine.
const COOLOFF_MS = 10_000
// A test that opens the circuit waits out its cool-off, in the test or after it.
test.describe.configure({ timeout: 60_000 })
const shortId = exampleIds.errorsShortId
const apiPath = `/api/verifications/short/${shortId}`
let sim: Simulator
let app: AppInstance

test.beforeAll(async () => {
  // A fresh instance opens a fresh embedded store; beside the suite's other workers on CI that
  // took over the default 30 s once.
  test.setTimeout(120_000)
  sim = await startSimulator({ apiKey: KEY })
  app = await startApp(
    {
      DS_API_BASE_URL: sim.url,
      DS_API_KEY: KEY,
      DS_API_TIMEOUT_MS: String(TIMEOUT_MS),
      DS_API_BREAKER_COOLOFF_MS: String(COOLOFF_MS),
    },
    undefined,
    90_000,
  )
})

test.afterAll(async () => {
  await app?.stop()
  await sim?.close()
})

test.afterEach(async () => {
  await fetch(`${sim.url}/__sim/reset`, { method: 'POST' })
  // Each test starts with the circuit closed: a trial read closes one a test left open.
  await circuitLetsThrough(app.url)
  expect((await fetch(app.url + apiPath)).status).toBe(200)
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

type Health = {
  upstream: { ok: boolean; kind?: string; checkedAt: string }
  circuit: { state: string; retryInSeconds?: number; openedBy?: string }
}

async function health(base: string) {
  return (await (await fetch(`${base}/api/health`)).json()) as Health
}

/** Waits out an open circuit's cool-off: the next upstream call then goes out as its trial. */
async function circuitLetsThrough(base: string) {
  await expect
    .poll(async () => (await health(base)).circuit.state, { timeout: 30_000 })
    .not.toBe('open')
}

/** The Try again of a failure: a link where the server rendered it, a button in the browser. */
function tryAgain(page: Page) {
  const named = { name: 'Try again' }
  return page.getByRole('link', named).or(page.getByRole('button', named)).first()
}

async function expectErrorThenRecovery(page: Page, message: string | RegExp) {
  await page.goto(`${app.url}/verifications/${shortId}`)
  const alert = page.getByRole('alert').filter({ hasText: message })
  await expect(alert).toBeVisible()
  // Nothing half-rendered: no check cards next to the error.
  await expect(page.getByRole('heading', { name: /checks/i })).toHaveCount(0)
  await fault({ mode: 'none' })
  await circuitLetsThrough(app.url)
  await tryAgain(page).click()
  await expect(alert).toHaveCount(0)
  // The lifecycle is drawn from the verification itself, never beside an error.
  await expect(page.getByRole('region', { name: 'Lifecycle' })).toBeVisible()
  // Leave the page once everything it reads has been read (the AML card's summary, and the
  // screening request the server streams in from the history), so that nothing meets the next
  // fault a test sets: failed reads in flight would open the circuit for the next request.
  await expect(page.getByText('Checking how it was screened…')).toHaveCount(0)
  await page.waitForLoadState('networkidle')
  await page.goto('about:blank')
}

test('latency beyond the timeout – 504 within the timeout and a margin; a timeout message, then retry', async ({
  page,
}) => {
  // Warm the route first: a cold first request also pays for loading its code, and on a loaded
  // machine its upstream call alone once passed the 1.5 s deadline (a 504 before any fault).
  await expect
    .poll(async () => (await fetch(app.url + apiPath)).status, { timeout: 30_000 })
    .toBe(200)
  // The upstream would answer after 12 s; the 504 must come from the 1.5 s deadline. The bound
  // leaves room for a busy CI machine (2.6 s once, with a 1 s margin) and stays far from 12 s.
  await fault({ mode: 'latency', ms: 12_000 })
  const started = Date.now()
  const response = await fetch(app.url + apiPath)
  expect(response.status).toBe(504)
  expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 4_000)
  await expectErrorThenRecovery(page, 'timed out')
})

test('500s – the page says the service answered with an error; bounded retries, then 502', async ({
  page,
}) => {
  await fault({ mode: 'status', status: 500 })
  await expectErrorThenRecovery(page, 'answered with an error')
  await fault({ mode: 'status', status: 500 })
  const before = await upstreamHits(`/api/v3/verifications/short/${shortId}`)
  const response = await fetch(app.url + apiPath)
  expect(response.status).toBe(502)
  const body = (await response.json()) as { type: string; detail: string }
  expect(body.type).toContain('unavailable')
  expect(body.detail).toContain('answered with an error (HTTP 500)')
  const attempts = (await upstreamHits(`/api/v3/verifications/short/${shortId}`)) - before
  expect(attempts).toBeGreaterThan(1)
  expect(attempts).toBeLessThanOrEqual(3)
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

test('connection reset – the page says the service cannot be reached; 502 after retries', async ({
  page,
}) => {
  await fault({ mode: 'reset' })
  await expectErrorThenRecovery(page, 'cannot be reached')
  await fault({ mode: 'reset' })
  const response = await fetch(app.url + apiPath)
  expect(response.status).toBe(502)
  expect(((await response.json()) as { type: string }).type).toContain('unreachable')
})

test('one report that keeps answering 500 stays one broken record: other pages answer, and /api/health agrees', async ({
  page,
}) => {
  const brokenId = exampleIds.amlRichId
  const brokenPath = `/api/v3/aml/search/history/${brokenId}`
  await fault({ mode: 'status', status: 500, path: brokenPath })

  // The broken report says so, every time it is opened, and each load spends its own retries.
  const before = await upstreamHits(brokenPath)
  for (let n = 0; n < 3; n++) {
    await page.goto(`${app.url}/aml/${brokenId}`)
    await expect(
      page.getByRole('alert').filter({ hasText: 'answered with an error' }),
    ).toBeVisible()
  }
  expect((await upstreamHits(brokenPath)) - before).toBeGreaterThanOrEqual(9)
  const response = await fetch(`${app.url}/api/aml/search/history/${brokenId}`)
  expect(response.status).toBe(502)
  expect(((await response.json()) as { type: string }).type).toBe('about:blank#unavailable')

  // Everyone else's pages keep answering.
  await page.goto(`${app.url}/verifications/${shortId}`)
  await expect(page.getByRole('region', { name: 'Lifecycle' })).toBeVisible()
  await page.goto(`${app.url}/aml/${exampleIds.amlZeroId}`)
  await expect(page.getByRole('alert').filter({ hasText: /failing|error/ })).toHaveCount(0)
  expect((await fetch(app.url + apiPath)).status).toBe(200)

  // And /api/health says what analysts get: the upstream up, nothing held back.
  const now = await health(app.url)
  expect(now.circuit.state).toBe('closed')
  expect(now.upstream.ok).toBe(true)
})

test('a failing upstream opens the circuit: errors across records, then no calls until it closes', async ({
  page,
}) => {
  const upstreamPath = `/api/v3/verifications/short/${shortId}`
  await fault({ mode: 'status', status: 503 })

  // Errors for three different resources are the service failing, not a record.
  for (const path of [apiPath, '/api/profiles', '/api/webhooks/history']) {
    expect([502, 503]).toContain((await fetch(app.url + path)).status)
  }

  // Now the circuit is open: /api/health says so (its own probe meets the errors too), and calls
  // fail at once without reaching the upstream.
  const open = await health(app.url)
  expect(open.circuit).toMatchObject({ state: 'open', openedBy: 'unavailable' })
  expect(open.circuit.retryInSeconds).toBeGreaterThanOrEqual(1)
  expect(open.upstream).toMatchObject({ ok: false, kind: 'unavailable' })
  let before = await upstreamHits(upstreamPath)
  await page.goto(`${app.url}/verifications/${shortId}`)
  await expect(page.getByRole('alert').filter({ hasText: 'is failing' })).toBeVisible()
  // Fast means well under the 1.5 s deadline a call that went out would wait; that none went out
  // is asserted by the simulator's count below.
  const started = Date.now()
  const response = await fetch(app.url + apiPath)
  expect(Date.now() - started).toBeLessThan(1_000)
  expect(response.status).toBe(503)
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
  const body = (await response.json()) as { type: string; detail: string }
  expect(body.type).toBe('about:blank#circuit_open')
  expect(body.detail).toContain('answered with errors for several different records')
  expect((await upstreamHits(upstreamPath)) - before).toBe(0)

  // It closes by itself once the upstream is back: a trial after the cool-off, or the health probe.
  await fault({ mode: 'none' })
  await circuitLetsThrough(app.url)
  before = await upstreamHits(upstreamPath)
  await page.goto(`${app.url}/verifications/${shortId}`)
  await expect(page.getByRole('region', { name: 'Lifecycle' })).toBeVisible()
  expect((await upstreamHits(upstreamPath)) - before).toBe(1)
  expect((await health(app.url)).circuit).toEqual({ state: 'closed', failures: 0 })
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
    DS_API_BREAKER_COOLOFF_MS: String(COOLOFF_MS),
  })
  let late: Simulator | undefined
  try {
    expect((await health(lonely.url)).upstream).toMatchObject({ ok: false, kind: 'unreachable' })
    await page.goto(`${lonely.url}/verifications/${shortId}`)
    // Unreachable at first, then paused: the circuit opens on three attempts that got no answer.
    await expect(
      page.getByRole('alert').filter({ hasText: /(cannot|could not) be reached/ }),
    ).toBeVisible()

    late = await startSimulator({ apiKey: KEY, port })
    // /api/health answers from a probe made at most every 15 s, so it says so within that.
    await expect
      .poll(async () => (await health(lonely.url)).upstream.ok, { timeout: 20_000 })
      .toBe(true)
    await circuitLetsThrough(lonely.url)
    await tryAgain(page).click()
    await expect(page.getByRole('region', { name: 'Lifecycle' })).toBeVisible()
    await expect(page.getByRole('alert').filter({ hasText: 'Try again' })).toHaveCount(0)
  } finally {
    await lonely.stop()
    await late?.close()
  }
})
