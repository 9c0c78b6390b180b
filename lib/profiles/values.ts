import { shownText } from '@/lib/projection/masked-token'

/** Readers for members of loose upstream objects, whose values may have any type. */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function asBoolean(value: unknown): boolean | null {
  return typeof value === 'boolean' ? value : null
}

export function asNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}

/** Text to show: a masked value's mask, never its token (a token is not text). */
export function asText(value: unknown): string | null {
  if (typeof value === 'string') return shownText(value)
  if (typeof value === 'number') return String(value)
  return null
}

/** `certificate_of_incorporation` → `Certificate of incorporation`, for members we have no name for. */
export function humanize(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').trim()
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key
}

/** Structural equality of JSON-like values; the order of object members does not matter. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false
    return a.every((item, index) => sameJson(item, b[index]))
  }
  if (!isRecord(a) || !isRecord(b)) return false
  const keys = new Set([...Object.keys(a), ...Object.keys(b)])
  // An absent member and one set to null or undefined mean the same thing to the analyst.
  return [...keys].every((key) => sameJson(a[key] ?? null, b[key] ?? null))
}
