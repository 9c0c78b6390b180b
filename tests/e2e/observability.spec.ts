import { expect, test } from '@playwright/test'

import { exampleIds } from '@/lib/demo/example-ids'
import { personNames } from '@/simulator/data/vocab-people'
import { testKey } from '@/playwright.config'
import { startSuiteApp, type AppInstance } from '@/tests/e2e/support/app-instance'
import { startOtlpReceiver, type OtlpReceiver } from '@/tests/unit/helpers/otlp-receiver'

/*
 * Watching it (docs/operations.md#watching-it), on the production build: an instance with
 * METRICS_TOKEN, its history mirror on, and an OTLP endpoint (http/protobuf) served by a receiver
 * in this test. Pages, API reads and a search by a name make it work; then its metrics are labelled
 * by route and endpoint templates, its log is JSON lines of requests, and neither its metrics, its
 * log nor its spans hold the suite's canary key, an id that was asked for, or a name of the
 * simulator's people.
 */

const TOKEN = 'e2e-metrics-token-8c1f0a7d2b'
const searched = `${personNames[0]!.first} ${personNames[0]!.last}`
const visited = [exampleIds.richProfileId, exampleIds.amlRichId, exampleIds.errorsShortId]

let app: AppInstance
let receiver: OtlpReceiver

test.describe.configure({ mode: 'serial', timeout: 120_000 })

test.beforeAll(async () => {
  test.setTimeout(150_000)
  receiver = await startOtlpReceiver()
  app = await startSuiteApp({
    METRICS_TOKEN: TOKEN,
    HISTORY_SYNC: 'on',
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
    OTEL_SERVICE_NAME: 'verity-e2e',
    OTEL_BSP_SCHEDULE_DELAY: '200',
  })
})

test.afterAll(async () => {
  await app?.stop()
  await receiver?.close()
})

const scrape = (token?: string) =>
  fetch(`${app.url}/api/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {})

/** What must appear in nothing an operator's tools receive. */
function leaks(text: string) {
  const found: string[] = []
  if (text.includes(testKey)) found.push('the upstream key')
  for (const id of visited) if (text.includes(id)) found.push(`the id ${id}`)
  for (const person of personNames) {
    for (const name of [`${person.first} ${person.last}`, person.last]) {
      if (name.length >= 5 && text.includes(name)) found.push(`the name ${name}`)
    }
  }
  return found
}

test('an instance at work is watched by route, without personal data, ids or keys', async ({
  page,
}) => {
  await page.goto(`${app.url}/profiles/${exampleIds.richProfileId}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.goto(`${app.url}/aml/${exampleIds.amlRichId}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.goto(`${app.url}/search?q=${encodeURIComponent(searched)}`)
  await page.goto(`${app.url}/queue`)
  expect((await fetch(`${app.url}/api/verifications/short/${exampleIds.errorsShortId}`)).ok).toBe(
    true,
  )

  expect((await scrape()).status).toBe(401)
  expect((await scrape('another-token-entirely')).status).toBe(401)
  // The mirror has made cases from the simulator's screenings by now, or soon.
  let text = ''
  await expect(async () => {
    const answer = await scrape(TOKEN)
    expect(answer.status).toBe(200)
    text = await answer.text()
    expect(text).toMatch(/^verity_cases\{state="open"\} [1-9]/m)
  }).toPass({ timeout: 60_000 })

  expect(text).toMatch(
    /verity_http_requests_total\{method="GET",route="\/profiles\/\[profile_id\]",status="200"\} \d/,
  )
  expect(text).toMatch(
    /verity_http_requests_total\{method="GET",route="\/aml\/\[id\]",status="200"\} \d/,
  )
  expect(text).toMatch(
    /verity_http_requests_total\{method="GET",route="\/api\/verifications\/short\/\[short_id\]",status="200"\} \d/,
  )
  expect(text).toContain(
    'verity_http_request_duration_seconds_bucket{le="0.1",method="GET",route="/queue"}',
  )
  expect(text).toMatch(
    /verity_upstream_calls_total\{endpoint="\/api\/v3\/profiles\/\{profile_id\}",outcome="ok"\} \d/,
  )
  expect(text).toContain('verity_upstream_breaker_state{state="closed"} 1')
  expect(text).toMatch(/^verity_history_mirror_lag_seconds \d/m)
  expect(text).toMatch(/^verity_audit_appends_total\{outcome="ok"\} [1-9]/m)
  expect(text).toMatch(/^verity_cases_overdue \d/m)
  expect(leaks(text)).toEqual([])

  // The log: a JSON line per request, by route template, with the id the answer carried.
  const log = app.logs()
  const requests = log
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes('"log":"request"'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
  expect(requests.map((line) => line.route)).toContain('/profiles/[profile_id]')
  const profileLine = requests.find((line) => line.route === '/profiles/[profile_id]')!
  expect(profileLine).toMatchObject({ level: 'info', method: 'GET', status: 200 })
  expect(profileLine.id).toMatch(/^[0-9a-f-]{36}$/)
  // Audit rows name the records they record; every other line names none.
  const notAudit = log
    .split('\n')
    .filter((line) => !line.startsWith('{"log":"audit"'))
    .join('\n')
  expect(leaks(notAudit)).toEqual([])

  // Spans: Next.js's per request, named by template, and Verity's own under them.
  await expect
    .poll(() => Buffer.concat(receiver.exports.map((one) => one.body)).toString('latin1'), {
      timeout: 20_000,
    })
    .toContain('upstream GET /api/v3/aml/search/history/{search_id}')
  expect(receiver.exports.every((one) => one.contentType === 'application/x-protobuf')).toBe(true)
  const spans = Buffer.concat(receiver.exports.map((one) => one.body)).toString('latin1')
  for (const name of ['GET /aml/[id]', 'audit append', 'store', 'session', 'verity-e2e']) {
    expect(spans).toContain(name)
  }
  expect(leaks(spans)).toEqual([])
})

test('the suite instance without METRICS_TOKEN has no metrics', async ({ request }) => {
  const answer = await request.get('/api/metrics', {
    headers: { authorization: `Bearer ${TOKEN}` },
  })
  expect(answer.status()).toBe(404)
})
