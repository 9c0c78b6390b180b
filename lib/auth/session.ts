import 'server-only'

import { cookies, headers } from 'next/headers'
import { cache } from 'react'

import { requestScope } from '@/lib/api/request-scope'

import { AuthRequiredError } from './errors'
import { headersAreSecure } from './request'
import { sessionCookieName } from './session-cookie'
import { sessionViewer } from './session-service'
import { authSettings } from './settings'
import type { Viewer } from './viewer'
import { takeOverViewer, VIEWER_HEADER } from './viewer-handoff'

/** Stands for everyone when sign-in is off; the audit log names it as such. */
export const ANONYMOUS: Viewer = {
  iss: 'verity:sign-in-off',
  sub: 'anonymous',
  email: null,
  name: 'sign-in off',
  groups: [],
}

/**
 * The viewer of this request (anonymous when sign-in is off), or null without a valid session:
 * the one proxy.ts found and handed on, else looked up from the session cookie here.
 */
export const getViewer = cache(async (): Promise<Viewer | null> => {
  // An API request: its route wrapper has already found the viewer (lib/api/gate.ts).
  const scoped = requestScope()
  if (scoped) return scoped.viewer
  const settings = authSettings()
  if (settings.mode === 'off') return ANONYMOUS
  const incoming = await headers()
  const handedOn = takeOverViewer(incoming.get(VIEWER_HEADER), incoming.get('x-request-id'))
  if (handedOn) return handedOn
  const name = sessionCookieName(headersAreSecure(incoming, settings))
  return sessionViewer((await cookies()).get(name)?.value, settings)
})

/** The viewer of this request, for what needs a signed-in analyst (401 otherwise). */
export async function requireViewer(): Promise<Viewer> {
  const viewer = await getViewer()
  if (!viewer) throw new AuthRequiredError()
  return viewer
}
