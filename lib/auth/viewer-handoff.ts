import 'server-only'

import { randomBytes, timingSafeEqual } from 'node:crypto'

import { hmacSha256 } from '@/lib/util/hmac'

import type { Viewer } from './viewer'

/*
 * proxy.ts has already looked the session up when a route or page runs; this hands its answer on
 * so the data layer need not look it up a second time. The viewer travels in a request header
 * under an HMAC with a key that exists only in this process's memory, bound to the request's own
 * id: a header a client sends (proxy.ts removes it anyway), one copied from another request, or
 * one reaching a route that proxy.ts did not run for, does not verify, and the data layer then
 * looks the session up itself from the cookie, as before.
 */

export const VIEWER_HEADER = 'x-verity-viewer'

// Shared by every bundle of this process (proxy, routes, pages), like the store.
const KEY = Symbol.for('verity.viewer-handoff-key')
const shared = globalThis as typeof globalThis & { [KEY]?: Buffer }
const key = () => (shared[KEY] ??= randomBytes(32))

function mac(requestId: string, body: string) {
  return hmacSha256(key()).update(`${requestId}\n${body}`).digest()
}

/** The header value stating that the request `requestId` comes from `viewer`'s valid session. */
export function handOffViewer(viewer: Viewer, requestId: string): string {
  const body = Buffer.from(JSON.stringify(viewer)).toString('base64url')
  return `${body}.${mac(requestId, body).toString('base64url')}`
}

/** The viewer proxy.ts vouched for in this request, or null when the header does not verify. */
export function takeOverViewer(
  value: string | null | undefined,
  requestId: string | null | undefined,
): Viewer | null {
  if (!value || !requestId) return null
  const [body, tag] = value.split('.')
  if (!body || !tag) return null
  const expected = mac(requestId, body)
  const given = Buffer.from(tag, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Viewer
}
