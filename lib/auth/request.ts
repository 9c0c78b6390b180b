import type { NextRequest } from 'next/server'

import type { AuthSettings } from './settings'

/** HTTPS as the browser sees it, also behind a TLS-terminating load balancer. */
export function servedOverHttps(request: NextRequest) {
  return request.nextUrl.protocol === 'https:' || forwardedHttps(request.headers)
}

function forwardedHttps(headers: Headers) {
  return headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https'
}

/**
 * The public origin: APP_URL when set (behind a load balancer), else the host the browser asked
 * for. Next.js reports a server bound to 127.0.0.1 as `localhost`, and a cookie set for one host
 * is not sent to the other. A forged Host header only misdirects its sender's own response, and
 * the provider accepts no redirect URI it does not know.
 */
export function publicOrigin(request: NextRequest, settings: AuthSettings) {
  if (settings.mode === 'oidc' && settings.appUrl) return settings.appUrl
  const host =
    request.headers.get('x-forwarded-host')?.split(',')[0]?.trim() ?? request.headers.get('host')
  if (!host || !/^[\w.-]+(:\d+)?$|^\[[\d:a-f]+\](:\d+)?$/i.test(host)) return request.nextUrl.origin
  return `${servedOverHttps(request) ? 'https' : 'http'}://${host}`
}

export function cookieIsSecure(request: NextRequest, settings: AuthSettings) {
  return servedOverHttps(request) || publicOrigin(request, settings).startsWith('https:')
}

/**
 * The same answer from the request headers alone (server components have no request URL; Next.js
 * itself serves plain HTTP, so HTTPS is a forwarding proxy's or APP_URL's).
 */
export function headersAreSecure(headers: Headers, settings: AuthSettings) {
  return (
    forwardedHttps(headers) || (settings.mode === 'oidc' && !!settings.appUrl?.startsWith('https:'))
  )
}
