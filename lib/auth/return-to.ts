/*
 * Where to go after sign-in: a path (and query) on this origin, or the home page. The decision is
 * made on the normalised value, not on the text: `/.//evil.example`, `/%2e//evil.example` and
 * `/./\evil.example` all start with one slash and normalise to `//evil.example`, which a browser
 * reads as another host. So the value is resolved against a stand-in origin, the path and query
 * are kept, and that result must resolve to itself on the same origin. The sign-in routes
 * themselves are replaced by the home page so sign-in cannot loop.
 */
const BASE = 'http://verity.invalid'

export function safeReturnTo(value: string | null | undefined): string {
  // Tabs and newlines are dropped by URL parsers (`/\t/evil.example` is `//evil.example`).
  if (!value || !value.startsWith('/') || /[\u0000-\u001f\u007f]/.test(value)) return '/'
  const candidate = pathAndQuery(value)
  if (candidate === null || pathAndQuery(candidate) !== candidate) return '/'
  if (!candidate.startsWith('/') || candidate.startsWith('//')) return '/'
  const { pathname } = new URL(candidate, BASE)
  if (pathname === '/auth' || pathname.startsWith('/auth/')) return '/'
  return candidate
}

/** The path and query of a value resolved on the stand-in origin, or null when it leaves it. */
function pathAndQuery(value: string): string | null {
  let url: URL
  try {
    url = new URL(value, BASE)
  } catch {
    return null
  }
  if (url.origin !== BASE) return null
  return `${url.pathname}${url.search}`
}
