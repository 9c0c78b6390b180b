import { NextResponse, type NextRequest } from 'next/server'

import { redirectUri, SIGN_IN_TTL_S, startSignIn } from '@/lib/auth/oidc'
import { cookieIsSecure, publicOrigin } from '@/lib/auth/request'
import { safeReturnTo } from '@/lib/auth/return-to'
import { cookieOptions, SIGN_IN_COOKIE } from '@/lib/auth/session-cookie'
import { authSettings } from '@/lib/auth/settings'

// GET /auth/login?returnTo=&fresh=1 – starts sign-in at the OpenID Connect provider
export async function GET(request: NextRequest) {
  const settings = authSettings()
  const origin = publicOrigin(request, settings)
  const returnTo = safeReturnTo(request.nextUrl.searchParams.get('returnTo'))
  if (settings.mode === 'off') return NextResponse.redirect(new URL(returnTo, origin), 303)
  try {
    const freshLogin = request.nextUrl.searchParams.get('fresh') === '1'
    const { url, transaction } = await startSignIn(
      settings,
      redirectUri(settings, origin),
      returnTo,
      {
        freshLogin,
      },
    )
    const response = NextResponse.redirect(url, 303)
    response.cookies.set(
      SIGN_IN_COOKIE,
      transaction,
      cookieOptions(cookieIsSecure(request, settings), SIGN_IN_TTL_S),
    )
    response.headers.set('Cache-Control', 'no-store')
    return response
  } catch (error) {
    console.warn(
      JSON.stringify({
        level: 'warn',
        msg: 'sign-in provider unreachable',
        error: error instanceof Error ? error.name : 'unknown',
      }),
    )
    return NextResponse.redirect(new URL('/auth/sign-in?error=provider', origin), 303)
  }
}
