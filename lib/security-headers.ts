import { Server, type IncomingMessage, type ServerResponse } from 'node:http'

/*
 * Headers every response carries, whatever answers it (a page, a route handler, a static file, a
 * 404), set on the response before Next.js sees the request. As next.config.js `headers()` rules
 * they were matched against every request's path by the router, which cost a fixed route 3% of its
 * throughput (issue 47). What Next.js or proxy.ts set later (a page's Content-Security-Policy with
 * its nonce, HSTS) replaces these. Installed once, at server start (instrumentation.ts).
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
  const state = globalThis as Record<symbol, unknown>
  if (state[INSTALLED]) return
  // The inherited emit, called below with each server as `this`.
  const emit = Reflect.get(Server.prototype, 'emit') as Server['emit']
  function withHeaders(this: Server, ...args: [string | symbol, ...unknown[]]): boolean {
    if (args[0] === 'request') {
      const request = args[1] as IncomingMessage
      const response = args[2] as ServerResponse
      for (const name in FIXED_HEADERS) response.setHeader(name, FIXED_HEADERS[name]!)
      if (isApiPath(request.url ?? '')) response.setHeader('Content-Security-Policy', API_POLICY)
    }
    return Reflect.apply(emit, this, args) as boolean
  }
  Server.prototype.emit = withHeaders as Server['emit']
  state[INSTALLED] = true
}

function isApiPath(url: string) {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')
}
