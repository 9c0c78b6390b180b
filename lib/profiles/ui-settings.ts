/**
 * `ui_settings` is an object in the reference and a JSON-encoded string in the Android SDK. A
 * string that parses is shown as the JSON it holds; anything else as it came.
 */
export function parseUiSettings(value: unknown): { value: unknown; encoded: boolean } {
  if (typeof value !== 'string') return { value, encoded: false }
  try {
    const parsed: unknown = JSON.parse(value)
    if (typeof parsed === 'object' && parsed !== null) return { value: parsed, encoded: true }
  } catch {
    // Not JSON: show the string itself.
  }
  return { value, encoded: false }
}

/** True for an absent or empty `ui_settings` (`{}`, `""`, `"{}"`). */
export function isEmptyUiSettings(value: unknown): boolean {
  const parsed = parseUiSettings(value).value
  if (parsed === null || parsed === undefined || parsed === '') return true
  return typeof parsed === 'object' && Object.keys(parsed).length === 0
}
