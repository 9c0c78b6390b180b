/**
 * A name as the mirror's search compares it: accents removed, lower case, spaces collapsed, so
 * "José  ÁLVAREZ" and "jose alvarez" are the same key.
 */
export function nameKey(name: string | null): string | null {
  if (!name) return null
  const key = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
  return key || null
}
