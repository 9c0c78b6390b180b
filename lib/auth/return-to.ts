/*
 * Where to go after sign-in. Only a path on this origin is accepted (`//host`, `/\host`,
 * absolute URLs and control characters could send the analyst elsewhere); the sign-in routes
 * themselves are replaced by the home page so sign-in cannot loop.
 */
const BASE = 'http://verity.invalid'

export function safeReturnTo(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return '/'
  if (/[\u0000-\u001f\u007f]/.test(value)) return '/'
  let url: URL
  try {
    url = new URL(value, BASE)
  } catch {
    return '/'
  }
  if (url.origin !== BASE) return '/'
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return '/'
  return `${url.pathname}${url.search}${url.hash}`
}
