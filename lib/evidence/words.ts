/* Small text helpers of the pack: one way of writing times, members and empty values. */

export const NONE = '—'

/** `2026-11-25 10:16:00 UTC`: the same in every reader's time zone. */
export function when(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return NONE
  const date = typeof value === 'number' ? new Date(value * 1000) : new Date(value)
  if (Number.isNaN(date.getTime())) return String(value)
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`
}

export function text(value: unknown): string {
  if (value === null || value === undefined || value === '') return NONE
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value)
}

/** `document_number` → `Document number`. */
export function labelOf(key: string): string {
  const words = key.replace(/_/g, ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The non-empty members of an object as facts; nested objects and lists as compact JSON. */
export function factsOf(value: unknown, prefix = ''): { label: string; value: string }[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return []
  return Object.entries(value).flatMap(([key, member]) => {
    if (member === null || member === undefined || member === '') return []
    if (Array.isArray(member) && member.length === 0) return []
    if (typeof member === 'object' && !Array.isArray(member)) {
      return factsOf(member, `${prefix}${labelOf(key)} · `)
    }
    return [{ label: `${prefix}${labelOf(key)}`, value: text(member) }]
  })
}

export function plural(count: number, one: string, many = `${one}s`) {
  return `${count.toLocaleString('en')} ${count === 1 ? one : many}`
}
