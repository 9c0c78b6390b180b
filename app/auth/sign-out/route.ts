import { NextResponse, type NextRequest } from 'next/server'

import { publicOrigin } from '@/lib/auth/request'
import { SESSION_COOKIE } from '@/lib/auth/session-cookie'
import { authSettings } from '@/lib/auth/settings'

// POST /auth/sign-out – clears the session cookie and shows the sign-in page
export function POST(request: NextRequest) {
  const origin = publicOrigin(request, authSettings())
  // Only Verity's own form may sign the analyst out. With Referrer-Policy no-referrer the browser
  // sends `Origin: null`, so the fetch metadata header decides where it is present.
  const site = request.headers.get('sec-fetch-site')
  const from = request.headers.get('origin')
  const crossSite = site
    ? site !== 'same-origin' && site !== 'none'
    : !!from && from !== 'null' && from !== origin
  if (crossSite) return new NextResponse('Sign-out must come from Verity itself.', { status: 403 })
  const response = NextResponse.redirect(new URL('/auth/sign-in?signedOut=1', origin), 303)
  response.headers.set('Cache-Control', 'no-store')
  response.cookies.delete(SESSION_COOKIE)
  return response
}
