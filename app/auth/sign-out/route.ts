import { NextResponse, type NextRequest } from 'next/server'

import { publicOrigin } from '@/lib/auth/request'
import { SESSION_COOKIE } from '@/lib/auth/session-cookie'
import { authSettings } from '@/lib/auth/settings'

// POST /auth/sign-out – clears the session cookie and shows the sign-in page. Only Verity's own
// form gets here: proxy.ts refuses a cross-site POST (lib/api/same-origin.ts).
export function POST(request: NextRequest) {
  const origin = publicOrigin(request, authSettings())
  const response = NextResponse.redirect(new URL('/auth/sign-in?signedOut=1', origin), 303)
  response.headers.set('Cache-Control', 'no-store')
  response.cookies.delete(SESSION_COOKIE)
  return response
}
