import { expect, test } from '@playwright/test'

import { buildDataset } from '@/simulator/data/dataset'
import { exampleIds } from '@/lib/demo/example-ids'

import { rawRequest } from '@/tests/e2e/support/raw-request'
import { signedInReady, signedInUrl } from '@/tests/e2e/support/signed-in'

/*
 * An unauthenticated probe of every page kind, route handler and RSC form of a page, on the
 * suite's instance with sign-in enabled (support/signed-in.ts): each gets a redirect to sign-in or
 * a 401, and none carries personal data from the simulator's data set.
 */

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(150_000)
  await signedInReady()
})

const verified = exampleIds.shortIds.verified
const pages = [
  '/',
  '/profiles',
  `/profiles/${exampleIds.defaultProfileId}`,
  `/verifications/${verified}`,
  `/v/${verified}`,
  `/aml/${exampleIds.amlRichId}`,
  '/webhooks',
]
const apis = [
  '/api/profiles?page=0&limit=25',
  `/api/profiles/${exampleIds.defaultProfileId}`,
  `/api/verifications/short/${verified}`,
  `/api/aml/search/history/${exampleIds.amlRichId}`,
  '/api/webhooks/history',
  '/api/webhooks/history/timeline',
  `/api/webhooks/history/records/${exampleIds.amlRichId}`,
  '/api/no-such-endpoint',
]
const bypass = 'middleware:middleware:middleware:middleware:middleware'
const variants: {
  name: string
  path: (path: string) => string
  headers: Record<string, string>
}[] = [
  { name: 'plain', path: (path) => path, headers: {} },
  { name: 'RSC: 1', path: (path) => path, headers: { RSC: '1' } },
  {
    name: 'RSC prefetch',
    path: (path) => path,
    headers: { RSC: '1', 'Next-Router-Prefetch': '1' },
  },
  {
    name: '?_rsc',
    path: (path) => `${path}${path.includes('?') ? '&' : '?'}_rsc=x`,
    headers: { RSC: '1' },
  },
  { name: '.rsc suffix', path: (path) => `${path === '/' ? '/index' : path}.rsc`, headers: {} },
  {
    name: 'segment prefetch',
    path: (path) => `${path === '/' ? '/index' : path}.segments/_tree.segment.rsc`,
    headers: { RSC: '1', 'Next-Router-Prefetch': '1', 'Next-Router-Segment-Prefetch': '/_tree' },
  },
  {
    name: 'x-middleware-subrequest',
    path: (path) => path,
    headers: { 'x-middleware-subrequest': bypass },
  },
  {
    name: 'x-middleware-subrequest (proxy)',
    path: (path) => path,
    headers: { 'x-middleware-subrequest': 'proxy:proxy:proxy:proxy:proxy' },
  },
]

/** Strings that only a response holding the data set's records would contain. */
function personalMarkers() {
  const data = buildDataset()
  const markers = new Set<string>()
  for (const verification of data.verifications.slice(0, 40)) {
    const mrz = verification.checks?.document_mrz?.data as
      | Record<string, unknown>
      | null
      | undefined
    for (const value of [mrz?.doc_number, mrz?.surname]) {
      if (typeof value === 'string' && value.length >= 5) markers.add(value)
    }
    markers.add(verification.id)
  }
  for (const profile of data.profiles.slice(0, 10)) markers.add(profile.profile_id)
  const aml = data.amlResults.get(exampleIds.amlRichId)
  if (aml?.requested_name) markers.add(aml.requested_name)
  for (const record of data.webhookHistory.slice(0, 10)) markers.add(record.id)
  return [...markers].filter((marker) => typeof marker === 'string' && marker !== '')
}

test('an unauthenticated probe of every page, RSC form and route handler gets no personal data', async () => {
  test.setTimeout(120_000)
  const markers = personalMarkers()
  expect(markers.length).toBeGreaterThan(20)
  const failures: string[] = []
  for (const variant of variants) {
    for (const path of [...pages, ...apis]) {
      const target = variant.path(path)
      let response = await rawRequest(signedInUrl, target, { headers: variant.headers })
      // Next.js first sends an RSC request to a route handler back to its own path with the
      // `_rsc` marker set, before any of Verity's code runs; followed, it must be refused too.
      const location = response.headers.location ?? ''
      if (path.startsWith('/api/') && response.status === 307 && location.includes('_rsc')) {
        if (!location.startsWith(path.split('?')[0]!))
          failures.push(`${variant.name} ${target}: 307 ${location}`)
        response = await rawRequest(signedInUrl, location, { headers: variant.headers })
      }
      // A redirect repeats the requested path (for after sign-in); anything else is a leak.
      const leaked = markers.filter(
        (marker) => response.body.includes(marker) && !target.includes(marker),
      )
      const isApi = path.startsWith('/api/')
      const refused = isApi
        ? response.status === 401 &&
          response.headers['content-type']?.includes('application/problem+json')
        : [302, 303, 307, 308].includes(response.status) &&
          (response.headers.location ?? '').includes('/auth/sign-in')
      if (leaked.length > 0 || !refused) {
        failures.push(
          `${variant.name} ${target}: ${response.status} ${response.headers.location ?? ''} leaked=[${leaked.join(', ')}]`,
        )
      }
    }
  }
  expect(failures).toEqual([])
})

test('a page redirect keeps the deep link, minus RSC markers, for after sign-in', async () => {
  const response = await rawRequest(signedInUrl, `/verifications/${verified}?_rsc=abc`, {
    headers: { RSC: '1' },
  })
  expect(response.headers.location).toContain(
    `/auth/sign-in?returnTo=${encodeURIComponent(`/verifications/${verified}`)}`,
  )
})

test('POST /api/reveal and /api/exports/aml – refuse an unauthenticated request with 401', async () => {
  for (const path of ['/api/reveal', '/api/exports/aml']) {
    const response = await rawRequest(signedInUrl, path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: signedInUrl },
    })
    expect(response.status, path).toBe(401)
  }
})

test('the sign-in page and the health check stay reachable without a session', async () => {
  expect((await rawRequest(signedInUrl, '/auth/sign-in')).status).toBe(200)
  const health = await rawRequest(signedInUrl, '/api/health')
  expect(health.status).toBe(200)
  expect(health.body).not.toContain(exampleIds.defaultProfileId)
})
