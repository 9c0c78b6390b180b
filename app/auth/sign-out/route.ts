import { NextResponse, type NextRequest } from 'next/server'

import { cookieIsSecure, publicOrigin } from '@/lib/auth/request'
import { clearedSessionCookie, sessionCookieName } from '@/lib/auth/session-cookie'
import { signOut } from '@/lib/auth/session-service'
import { authSettings } from '@/lib/auth/settings'

// POST /auth/sign-out – ends the session on every instance, clears the cookie, shows sign-in. Only
// Verity's own form gets here: proxy.ts refuses a cross-site POST (lib/api/same-origin.ts).
export async function POST(request: NextRequest) {
  const settings = authSettings()
  const origin = publicOrigin(request, settings)
  const secure = cookieIsSecure(request, settings)
  if (settings.mode === 'oidc') {
    await signOut(request.cookies.get(sessionCookieName(secure))?.value, settings)
  }
  const response = NextResponse.redirect(new URL('/auth/sign-in?signedOut=1', origin), 303)
  response.headers.set('Cache-Control', 'no-store')
  response.cookies.set(...clearedSessionCookie(secure))
  return response
}
