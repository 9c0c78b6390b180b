import type { MaskedKind } from '@/lib/projection/mask-rules'

/*
 * How a masked value travels to the browser: in place of the value, a string that carries its
 * kind, an opaque reference the server can resolve (record and field), and what may be shown.
 * It stays a string so the projected view keeps the upstream's shape and types; a component that
 * printed it raw would show the mask, never the value.
 */

export type MaskedToken = { kind: MaskedKind; ref: string; shown: string }

const SEP = '\u2063'
const PREFIX = `${SEP}masked${SEP}`

export function toToken({ kind, ref, shown }: MaskedToken): string {
  return `${PREFIX}${kind}${SEP}${ref}${SEP}${shown}`
}

export function parseToken(value: unknown): MaskedToken | null {
  if (typeof value !== 'string' || !value.startsWith(PREFIX)) return null
  const [kind, ref, shown] = value.slice(PREFIX.length).split(SEP)
  if (!kind || !ref || shown === undefined) return null
  return { kind: kind as MaskedKind, ref, shown }
}

/** What an analyst may see of a value: the mask of a masked one, the value itself otherwise. */
function shownText(value: string): string {
  return parseToken(value)?.shown ?? value
}

/** A projected JSON value with every token replaced by its mask, for copies, exports and print. */
export function withMasksShown(value: unknown): unknown {
  if (typeof value === 'string') return shownText(value)
  if (Array.isArray(value)) return value.map(withMasksShown)
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withMasksShown(v)]))
  }
  return value
}
