import { NextResponse, type NextRequest } from 'next/server'

import { cookieIsSecure, publicOrigin } from '@/lib/auth/request'
import { clearedSessionCookie, sessionCookieName } from '@/lib/auth/session-cookie'
import { signOut } from '@/lib/auth/session-service'
import { authSettings } from '@/lib/auth/settings'

// POST /auth/sign-out – ends the session on every instance, clears the cookie, shows sign-in
export async function POST(request: NextRequest) {
  const settings = authSettings()
  const origin = publicOrigin(request, settings)
  // Only Verity's own form may sign the analyst out. With Referrer-Policy no-referrer the browser
  // sends `Origin: null`, so the fetch metadata header decides where it is present.
  const site = request.headers.get('sec-fetch-site')
  const from = request.headers.get('origin')
  const crossSite = site
    ? site !== 'same-origin' && site !== 'none'
    : !!from && from !== 'null' && from !== origin
  if (crossSite) return new NextResponse('Sign-out must come from Verity itself.', { status: 403 })
  const secure = cookieIsSecure(request, settings)
  if (settings.mode === 'oidc') {
    await signOut(request.cookies.get(sessionCookieName(secure))?.value, settings)
  }
  const response = NextResponse.redirect(new URL('/auth/sign-in?signedOut=1', origin), 303)
  response.headers.set('Cache-Control', 'no-store')
  response.cookies.set(...clearedSessionCookie(secure))
  return response
}
