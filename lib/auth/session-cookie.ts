/*
 * The session cookie's name and attributes. Over HTTPS it is a `__Host-` cookie: the browser then
 * accepts it only when Secure, for the whole host, without a Domain, so neither a sibling domain
 * nor a plain-http page can plant one.
 */

export const SESSION_COOKIE = 'verity_session'
const SECURE_SESSION_COOKIE = '__Host-verity_session'
export const SIGN_IN_COOKIE = 'verity_sign_in'

export function sessionCookieName(secure: boolean) {
  return secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE
}

export function cookieOptions(secure: boolean, maxAgeSeconds: number) {
  return { httpOnly: true, secure, sameSite: 'lax' as const, path: '/', maxAge: maxAgeSeconds }
}

/** Arguments of `cookies.set` that remove the session cookie (a `__Host-` one only with Secure). */
export function clearedSessionCookie(secure: boolean) {
  return [sessionCookieName(secure), '', cookieOptions(secure, 0)] as const
}
