import { expect, test, type APIResponse } from '@playwright/test'

import { buildDataset } from '@/simulator/data/dataset'
import { exampleIds } from '@/lib/demo/example-ids'

import { testKey } from '@/playwright.config'
import { problemCheck } from '@/tests/support/problem'

/* The real route handlers against the simulator, through HTTP as the browser calls them. */

const dataset = buildDataset()
const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000'

function expectNoKey(text: string) {
  expect(text).not.toContain(testKey)
}

/** Reads a body, checking that the upstream key never appears in it. */
async function bodyOf(response: APIResponse): Promise<unknown> {
  const text = await response.text()
  expectNoKey(text)
  return JSON.parse(text) as unknown
}

const expectProblem = problemCheck(expectNoKey)

test('GET /api/profiles – the first page of the simulated profiles, not cached', async ({
  request,
}) => {
  const response = await request.get('/api/profiles?limit=5')
  expect(response.status()).toBe(200)
  expect(response.headers()['cache-control']).toMatch(/^private, no-store(, no-transform)?$/)
  const body = (await bodyOf(response)) as {
    data: Record<string, unknown>[]
    has_next: boolean
  }
  expect(body.data.map((profile) => profile.profile_id)).toEqual(
    dataset.profiles.slice(0, 5).map((profile) => profile.profile_id),
  )
  expect(body.has_next).toBe(true)
  // A row of what the list shows: a profile's settings and authors stay on its own page.
  expect(Object.keys(body.data[0]!).sort()).toEqual([
    'countries',
    'created_at',
    'documents',
    'is_archived',
    'is_default',
    'link_expiration_minutes',
    'name',
    'profile_id',
    'required',
    'updated_at',
  ])
})

for (const query of ['page=-1', 'page=abc', 'limit=0', 'limit=101']) {
  test(`GET /api/profiles – rejects ${query}`, async ({ request }) => {
    const body = await expectProblem(await request.get(`/api/profiles?${query}`), 400)
    expect(body.detail).toMatch(/page|limit/)
  })
}

test('GET /api/profiles/{id} – the default profile', async ({ request }) => {
  const response = await request.get(`/api/profiles/${exampleIds.defaultProfileId}`)
  expect(response.status()).toBe(200)
  const body = (await bodyOf(response)) as { profile_id: string; name: string }
  const expected = dataset.profiles.find(
    (profile) => profile.profile_id === exampleIds.defaultProfileId,
  )
  expect(body.profile_id).toBe(exampleIds.defaultProfileId)
  expect(body.name).toBe(expected?.name)
})

test('GET /api/profiles/{id} – rejects a malformed UUID', async ({ request }) => {
  const body = await expectProblem(await request.get('/api/profiles/not-a-uuid'), 400)
  expect(body.detail).toContain('profile_id')
})

test('GET /api/profiles/{id} – an unknown profile is a 404', async ({ request }) => {
  await expectProblem(await request.get(`/api/profiles/${UNKNOWN_UUID}`), 404)
})

test('GET /api/verifications/short/{id} – a verified verification', async ({ request }) => {
  const shortId = exampleIds.shortIds.verified
  const response = await request.get(`/api/verifications/short/${shortId}`)
  expect(response.status()).toBe(200)
  await expect(bodyOf(response)).resolves.toMatchObject({
    verification_url_id: shortId,
    status: 'verified',
  })
})

test('GET /api/verifications/short/{id} – rejects an encoded slash', async ({ request }) => {
  await expectProblem(await request.get('/api/verifications/short/V123%2F..'), 400)
})

test('GET /api/verifications/short/{id} – an unknown short id is a 404', async ({ request }) => {
  await expectProblem(await request.get('/api/verifications/short/VNOSUCHVERIFICATION'), 404)
})

test('GET /api/aml/search/history/{id} – a report with no matches', async ({ request }) => {
  const response = await request.get(`/api/aml/search/history/${exampleIds.amlZeroId}`)
  expect(response.status()).toBe(200)
  await expect(bodyOf(response)).resolves.toMatchObject({
    search_uuid: exampleIds.amlZeroId,
    data: [],
  })
})

test('GET /api/webhooks/history – rejects a malformed cursor', async ({ request }) => {
  const body = await expectProblem(await request.get('/api/webhooks/history?after=nope'), 400)
  expect(body.detail).toContain('after')
})

test('GET /api/webhooks/history – the newest records first', async ({ request }) => {
  const response = await request.get('/api/webhooks/history')
  expect(response.status()).toBe(200)
  const body = (await bodyOf(response)) as { data: { id: string }[] }
  expect(body.data[0]?.id).toBe(dataset.webhookHistory[0]?.id)
})

test('POST /api/profiles – method not allowed', async ({ request }) => {
  const response = await request.post('/api/profiles', {
    data: { name: 'x' },
    // As a browser on Verity's own page sends it; without it the proxy refuses first (403).
    headers: { 'sec-fetch-site': 'same-origin' },
  })
  expect(response.status()).toBe(405)
  expect(await response.text()).not.toContain(testKey)
})

test('GET /api/nope – an unknown API path is a problem+json 404', async ({ request }) => {
  const body = await expectProblem(await request.get('/api/nope/deeper'), 404)
  expect(body.type).toBe('about:blank#not_found')
})

test('GET /api/health – the simulator answers', async ({ request }) => {
  const response = await request.get('/api/health')
  expect(response.status()).toBe(200)
  await expect(bodyOf(response)).resolves.toMatchObject({ status: 'ok', upstream: { ok: true } })
})
