/*
 * Small readers for payloads that arrive as `unknown` (unknown event types, AML payloads the schema
 * could not normalise): each returns the member only when it has the expected shape.
 */

export type JsonObject = Record<string, unknown>

export function asObject(value: unknown): JsonObject | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as JsonObject)
    : null
}

export function readString(object: JsonObject | null, key: string): string | null {
  const value = object?.[key]
  if (typeof value === 'string') return value.trim() === '' ? null : value
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : null
}

export function readNumber(object: JsonObject | null, key: string): number | null {
  const value = object?.[key]
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}

export function readBoolean(object: JsonObject | null, key: string): boolean | null {
  const value = object?.[key]
  return typeof value === 'boolean' ? value : null
}

export function readStrings(object: JsonObject | null, key: string): string[] {
  const value = object?.[key]
  if (!Array.isArray(value)) return []
  return value.filter((item): item is string => typeof item === 'string' && item !== '')
}

export function readArray(object: JsonObject | null, key: string): unknown[] | null {
  const value = object?.[key]
  return Array.isArray(value) ? value : null
}
