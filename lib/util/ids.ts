/*
 * Id formats, in one place for route handlers, pages and the global search. Upstream UUIDs do not
 * always carry RFC 4122 version bits (`01827ed4-c928-7adc-ea30-...` in the provider's docs), so the
 * check is on shape only.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const SHORT_ID = /^[A-Za-z0-9_-]{1,64}$/

/**
 * Largest value of an indexed column of the history mirror, in UTF-8 bytes (PostgreSQL's btree
 * refuses an entry over about 2,700 bytes, and some indexes hold two such columns).
 */
export const INDEXED_VALUE_MAX_BYTES = 1_000

/**
 * An applicant id as the mirror holds one, the one rule for every page and route that takes one:
 * not blank, no NUL, well-formed Unicode, at most INDEXED_VALUE_MAX_BYTES in UTF-8. The upstream
 * names applicants with its customers' ids (`ext/ACME Corp+42`), so no narrower alphabet holds.
 */
export function isApplicantId(value: string): boolean {
  return (
    value.trim() !== '' &&
    !value.includes('\u0000') &&
    value.isWellFormed() &&
    new TextEncoder().encode(value).length <= INDEXED_VALUE_MAX_BYTES
  )
}

export function isUuid(value: string): boolean {
  return UUID.test(value)
}

export function isShortId(value: string): boolean {
  return SHORT_ID.test(value)
}

/**
 * The short id in a bare id or a pasted verification URL (`https://<host>/<short_id>`, any host),
 * or null. Profile links (`/vp/<link_id>`) are not verifications and give null.
 */
export function parseVerificationRef(input: string): string | null {
  const value = input.trim()
  if (isShortId(value)) return value
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  const segments = url.pathname.split('/').filter(Boolean)
  if (segments.length !== 1) return null
  const [segment = ''] = segments
  return isShortId(segment) ? segment : null
}
