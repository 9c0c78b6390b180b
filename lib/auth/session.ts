import 'server-only'

import { cookies, headers } from 'next/headers'
import { cache } from 'react'

import { headersAreSecure } from './request'
import { sessionCookieName } from './session-cookie'
import { sessionViewer } from './session-service'
import { authSettings } from './settings'
import type { Viewer } from './viewer'

/** Stands for everyone when sign-in is off; the audit log names it as such. */
export const ANONYMOUS: Viewer = { sub: 'anonymous', email: null, name: 'sign-in off', groups: [] }

/** The viewer of this request (anonymous when sign-in is off), or null without a valid session. */
export const getViewer = cache(async (): Promise<Viewer | null> => {
  const settings = authSettings()
  if (settings.mode === 'off') return ANONYMOUS
  const name = sessionCookieName(headersAreSecure(await headers(), settings))
  return sessionViewer((await cookies()).get(name)?.value, settings)
})
