import 'server-only'

import { cookies } from 'next/headers'
import { cache } from 'react'

import { readSession, SESSION_COOKIE } from './session-cookie'
import { authSettings } from './settings'
import type { Viewer } from './viewer'

/** Stands for everyone when sign-in is off; the audit log names it as such. */
export const ANONYMOUS: Viewer = { sub: 'anonymous', email: null, name: 'sign-in off', groups: [] }

/** The viewer of this request (anonymous when sign-in is off), or null without a valid session. */
export const getViewer = cache(async (): Promise<Viewer | null> => {
  const settings = authSettings()
  if (settings.mode === 'off') return ANONYMOUS
  const store = await cookies()
  return readSession(store.get(SESSION_COOKIE)?.value, settings)
})
