/**
 * Check error codes come in documented ranges (shared/upstream-notes.md); the category says in
 * words what kind of problem a code is, whatever its message.
 */

export type ErrorCategory = { from: number; to: number; label: string }

export const ERROR_CATEGORIES: readonly ErrorCategory[] = [
  { from: 500, to: 501, label: 'Tampering' },
  { from: 1000, to: 1099, label: 'Document reading (OCR)' },
  { from: 1100, to: 1999, label: 'Document data fields' },
  { from: 2000, to: 2999, label: 'MRZ' },
  { from: 3000, to: 3099, label: 'Document expiry' },
  { from: 3100, to: 3199, label: 'Data mismatch' },
  { from: 3200, to: 3299, label: 'Age' },
  { from: 4000, to: 4499, label: 'Face comparison' },
  { from: 4500, to: 4999, label: 'Proof of address' },
  { from: 5000, to: 5499, label: 'Liveness' },
  { from: 6000, to: 6499, label: 'AML' },
  { from: 7000, to: 7099, label: 'Cross-check duplicate' },
  { from: 8000, to: 8099, label: 'Verification flow' },
  { from: 9000, to: 9099, label: 'Provider dependency' },
  { from: 9500, to: 9799, label: 'KYB' },
  { from: 10000, to: 10000, label: 'Device fingerprint' },
  { from: 11000, to: 11099, label: 'SSN' },
]

/** The category of a code (a number, or a numeric string as some payloads send), or null. */
export function errorCategory(code: number | string | null | undefined): ErrorCategory | null {
  if (code === null || code === undefined || code === '') return null
  const value = typeof code === 'number' ? code : Number(code.trim())
  if (!Number.isInteger(value)) return null
  return ERROR_CATEGORIES.find((range) => value >= range.from && value <= range.to) ?? null
}

/** A category as a URL spells it: its label in lower case, words joined by hyphens. */
export function errorCategoryKey(category: ErrorCategory) {
  return category.label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/** The category a URL names, or null. */
export function errorCategoryByKey(key: string): ErrorCategory | null {
  return ERROR_CATEGORIES.find((category) => errorCategoryKey(category) === key) ?? null
}
