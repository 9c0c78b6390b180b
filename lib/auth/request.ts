import type { NextRequest } from 'next/server'

import { getEnv } from '@/lib/env'

import { isTrustedProxy, peerAddress } from './peer'
import type { AuthSettings } from './settings'

/*
 * The origin and scheme the browser sees. X-Forwarded-Host and -Proto say them behind a proxy, but
 * any client can send them: they are believed only from a proxy in TRUSTED_PROXIES (the address the
 * request's connection came from, lib/auth/peer.ts). APP_URL, when set, is the public origin
 * whatever the headers say. Next.js serves plain HTTP, and the scheme of its request URL follows
 * X-Forwarded-Proto whoever sent it, so that URL's scheme is never asked.
 */

/** Whether the request came from a configured proxy, whose forwarding headers are believed. */
export function fromTrustedProxy(headers: Headers): boolean {
  const peer = peerAddress(headers)
  return peer !== null && isTrustedProxy(peer, getEnv().TRUSTED_PROXIES)
}

/** The first value of a forwarding header a trusted proxy set, else null. */
function forwarded(headers: Headers, name: string) {
  if (!fromTrustedProxy(headers)) return null
  return headers.get(name)?.split(',')[0]?.trim() || null
}

function forwardedHttps(headers: Headers) {
  return forwarded(headers, 'x-forwarded-proto') === 'https'
}

function appUrl(settings?: AuthSettings) {
  return (settings?.mode === 'oidc' ? settings.appUrl : undefined) ?? getEnv().APP_URL
}

/** HTTPS as the browser sees it: behind a trusted TLS-terminating proxy, or an https APP_URL. */
export function servedOverHttps(request: NextRequest) {
  return forwardedHttps(request.headers) || !!appUrl()?.startsWith('https:')
}

/**
 * The public origin: APP_URL when set, else the host a trusted proxy forwarded, else the host the
 * browser asked for. Next.js reports a server bound to 127.0.0.1 as `localhost`, and a cookie set
 * for one host is not sent to the other. A forged Host header only misdirects its sender's own
 * response, and the provider accepts no redirect URI it does not know.
 */
export function publicOrigin(request: NextRequest, settings: AuthSettings) {
  const configured = appUrl(settings)
  if (configured) return configured
  const host = forwarded(request.headers, 'x-forwarded-host') ?? request.headers.get('host')
  // Only without a usable Host (never from a browser): what little a client could steer here
  // misdirects only its own response.
  if (!host || !/^[\w.-]+(:\d+)?$|^\[[\d:a-f]+\](:\d+)?$/i.test(host)) return request.nextUrl.origin
  return `${forwardedHttps(request.headers) ? 'https' : 'http'}://${host}`
}

export function cookieIsSecure(request: NextRequest, settings: AuthSettings) {
  return servedOverHttps(request) || publicOrigin(request, settings).startsWith('https:')
}

/**
 * The same answer from the request headers alone (server components have no request URL; Next.js
 * itself serves plain HTTP, so HTTPS is a trusted proxy's or APP_URL's).
 */
export function headersAreSecure(headers: Headers, settings: AuthSettings) {
  return forwardedHttps(headers) || !!appUrl(settings)?.startsWith('https:')
}
