import { beforeEveryRequest } from '@/lib/api/request-event'

/*
 * Headers every response carries, whatever answers it (a page, a route handler, a static file, a
 * 404), set on the response before Next.js sees the request. As next.config.js `headers()` rules
 * they were matched against every request's path by the router, which cost a fixed route 3% of its
 * throughput (issue 47). What Next.js or proxy.ts set later (a page's Content-Security-Policy with
 * its nonce, HSTS) replaces these.
 */

export const FIXED_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  // Ids in URLs must not leak to image or media hosts.
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy':
    'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
}

/** The API answers JSON, files and redirects only: nothing in it may load or frame anything. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'"

const INSTALLED = Symbol.for('verity.security-headers')

export function setSecurityHeadersOnEveryResponse() {
  beforeEveryRequest(INSTALLED, (request, response) => {
    for (const name in FIXED_HEADERS) response.setHeader(name, FIXED_HEADERS[name]!)
    if (isApiPath(request.url ?? '')) response.setHeader('Content-Security-Policy', API_POLICY)
  })
}

function isApiPath(url: string) {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')
}
