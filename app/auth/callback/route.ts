import { NextResponse, type NextRequest } from 'next/server'

import { audit } from '@/lib/audit/record'
import { finishSignIn, redirectUri } from '@/lib/auth/oidc'
import { cookieIsSecure, publicOrigin } from '@/lib/auth/request'
import { safeReturnTo } from '@/lib/auth/return-to'
import { cookieOptions, sessionCookieName, SIGN_IN_COOKIE } from '@/lib/auth/session-cookie'
import { signIn } from '@/lib/auth/session-service'
import { authSettings } from '@/lib/auth/settings'

// GET /auth/callback – the provider returns here; starts the session or refuses (both audited)
export async function GET(request: NextRequest) {
  const settings = authSettings()
  const origin = publicOrigin(request, settings)
  if (settings.mode === 'off') return NextResponse.redirect(new URL('/', origin), 303)

  // The URL the provider redirected to, as registered, whatever host the request arrived on.
  const callbackUrl = new URL(redirectUri(settings, origin))
  callbackUrl.search = request.nextUrl.search
  const result = await finishSignIn(
    settings,
    callbackUrl,
    request.cookies.get(SIGN_IN_COOKIE)?.value,
  )
  if (result.outcome === 'not_allowed') {
    await audit(result.refused, 'sign_in_refused', { type: 'session', id: null }, 'not_allowed')
  }

  const target =
    result.outcome === 'ok'
      ? safeReturnTo(result.returnTo)
      : `/auth/sign-in?error=${result.outcome}`
  const response = NextResponse.redirect(new URL(target, origin), 303)
  response.headers.set('Cache-Control', 'no-store')
  response.cookies.delete(SIGN_IN_COOKIE)
  if (result.outcome === 'ok') {
    const secure = cookieIsSecure(request, settings)
    const token = await signIn(result.viewer, settings, result.tokens)
    response.cookies.set(
      sessionCookieName(secure),
      token,
      cookieOptions(secure, settings.maxAgeSeconds),
    )
  }
  return response
}
