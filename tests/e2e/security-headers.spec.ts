import { expect, test } from '@playwright/test'

import { exampleIds } from '@/lib/demo/example-ids'
import { simUrl, testKey } from '@/playwright.config'
import { startApp } from '@/tests/e2e/support/app-instance'

import { hydrated } from '@/tests/e2e/support/until-answered'

/* Security headers on every kind of response, and no framework endpoints Verity does not use. */

const paths = [
  '/',
  '/profiles',
  `/verifications/${exampleIds.errorsShortId}`,
  '/api/profiles',
  '/api/health',
  '/nowhere',
]

for (const path of paths) {
  test(`GET ${path} – security headers`, async ({ request }) => {
    const response = await request.get(path, { maxRedirects: 0 })
    const headers = response.headers()
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['referrer-policy']).toBe('no-referrer')
    expect(headers['permissions-policy']).toContain('camera=()')
    expect(headers['x-powered-by']).toBeUndefined()
    const csp = headers['content-security-policy'] ?? ''
    expect(csp).toContain("frame-ancestors 'none'")
    if (!path.startsWith('/api/')) {
      expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/)
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/)
      expect(csp).toContain("object-src 'none'")
      expect(csp).toContain("base-uri 'none'")
    }
    // Served over plain HTTP here, so no HSTS.
    expect(headers['strict-transport-security']).toBeUndefined()
  })
}

test('a static file and an icon carry the fixed headers too', async ({ request }) => {
  const page = await (await request.get('/')).text()
  const script = /src="(\/_next\/static\/[^"]+\.js)"/.exec(page)?.[1]
  expect(script).toBeTruthy()
  for (const path of [script!, '/icon.svg']) {
    const headers = (await request.get(path)).headers()
    expect(headers['x-content-type-options'], path).toBe('nosniff')
    expect(headers['referrer-policy'], path).toBe('no-referrer')
    expect(headers['x-frame-options'], path).toBe('DENY')
  }
})

// A prefetch of a page (a browser's `<link rel=prefetch>`, Next's router) can be answered with the
// whole HTML page, so it carries the same policy as the page itself.
for (const [name, headers] of [
  ['Purpose: prefetch', { purpose: 'prefetch' }],
  ['Sec-Purpose: prefetch', { 'sec-purpose': 'prefetch' }],
  ['Next-Router-Prefetch: 1', { 'next-router-prefetch': '1' }],
] as const) {
  test(`GET /profiles with ${name} – a Content-Security-Policy with a nonce`, async ({
    request,
  }) => {
    const response = await request.get('/profiles', { headers, maxRedirects: 0 })
    expect(response.status()).toBe(200)
    const csp = response.headers()['content-security-policy'] ?? ''
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/)
    expect(csp).toContain("frame-ancestors 'none'")
    if ((response.headers()['content-type'] ?? '').includes('text/html')) {
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
      expect(await response.text()).toContain(`nonce="${nonce}"`)
    }
  })
}

test('the CSP nonce is new for every request and is the one on the page’s scripts', async ({
  request,
}) => {
  const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1]
  const first = await request.get('/')
  const second = await request.get('/')
  const nonce = nonceOf(first.headers()['content-security-policy'] ?? '')
  expect(nonce).toBeTruthy()
  expect(nonce).not.toBe(nonceOf(second.headers()['content-security-policy'] ?? ''))
  expect(await first.text()).toContain(`nonce="${nonce}"`)
})

test('forwarded headers count only from a trusted proxy: HSTS and the sign-in redirect', async ({
  request,
}) => {
  test.setTimeout(90_000)
  const hostile = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' }
  // The suite's own instance trusts no proxy: a client's headers change nothing.
  const direct = await request.get('/', { headers: hostile })
  expect(direct.headers()['strict-transport-security']).toBeUndefined()
  const login = await request.get('/auth/login?returnTo=%2Fprofiles', {
    headers: hostile,
    maxRedirects: 0,
  })
  expect(login.status()).toBe(303)
  expect(new URL(login.headers()['location'] ?? '').host).not.toBe('evil.example')

  // An instance behind a TLS proxy on loopback (this test plays the proxy) believes them.
  const proxied = await startApp(
    { DS_API_BASE_URL: simUrl, DS_API_KEY: testKey, TRUSTED_PROXIES: '127.0.0.1' },
    undefined,
    60_000,
  )
  try {
    const response = await fetch(`${proxied.url}/`, { headers: hostile })
    expect(response.headers.get('strict-transport-security')).toContain('max-age=')
    const redirect = await fetch(`${proxied.url}/auth/login?returnTo=%2Fprofiles`, {
      headers: hostile,
      redirect: 'manual',
    })
    expect(redirect.headers.get('location')).toBe('https://evil.example/profiles')
  } finally {
    await proxied.stop()
  }
})

test('there is no image optimizer endpoint', async ({ request }) => {
  const response = await request.get('/_next/image?url=https%3A%2F%2Fexample.com%2Fa.png&w=64&q=75')
  expect(response.status()).toBeGreaterThanOrEqual(400)
})

test('the page renders with its scripts running under the CSP', async ({ page }) => {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  await page.goto(`/verifications/${exampleIds.errorsShortId}`)
  await expect(page.getByText(exampleIds.errorsShortId).first()).toBeVisible()
  // The clock switch shows a choice only once the page's scripts have run and hydrated it.
  await hydrated(page)
  await page.waitForLoadState('networkidle')
  expect(violations).toEqual([])
})
