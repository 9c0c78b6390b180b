import type { z } from 'zod'

/*
 * What free text an analyst writes (notes, decision reasons, export reasons) may hold, in one
 * browser-safe place: the forms say so before sending, and the server refuses the same.
 * Invisible formatting characters (Unicode's Cf: zero-width spaces and joiners, bidi embeddings,
 * overrides and isolates such as U+202E, the byte-order mark) let a note show other text than it
 * holds, or a reason look written when it is empty; they are refused rather than stripped, so
 * what is stored is what the analyst saw.
 */

export const REASON_MIN = 10

/** The longest match decision reason (lib/review/decision-request.ts), which its form allows too. */
export const DECISION_REASON_MAX = 2000

/** The longest reason for an export (lib/aml/export.ts), which its form allows too. */
export const EXPORT_REASON_MAX = 500

export const REASON_TOO_SHORT = `Give a reason of at least ${REASON_MIN} characters of visible text.`

// C0 controls but tab, line feed and carriage return, and DEL. PostgreSQL text cannot hold NUL
// (the statement fails, after the action was already audited as done), and none of them belongs in
// what an analyst writes.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

/** For free text that is stored (notes, reasons): true when it has no control characters. */
export function hasNoControlCharacters(value: string | undefined): boolean {
  return value === undefined || !CONTROL_CHARACTERS.test(value)
}

const FORMAT_CHARACTERS = /\p{Cf}/u
// Letters of no width or ink that are not Cf (Hangul fillers, the braille blank): never text.
const BLANKS = /[\s\p{Cf}\u115f\u1160\u3164\uffa0\u2800]+/gu

const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\p{Cf}]/gu

/**
 * Text from elsewhere (an upstream record's website or headline) as it may be shown: each
 * control or invisible formatting character written out as `\u{202E}`, so a bidi override cannot
 * turn the text around and a zero-width character cannot hide in it.
 */
export function showInvisible(value: string): string {
  return value.replace(
    INVISIBLE,
    (char) => `\\u{${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}}`,
  )
}

/** Why the text cannot be stored, or null when it can. */
export function freeTextIssue(value: string): string | null {
  if (!hasNoControlCharacters(value)) return 'must not contain control characters'
  if (FORMAT_CHARACTERS.test(value)) {
    return 'must not contain invisible formatting characters (zero-width or text-direction marks)'
  }
  return null
}

/** For a zod schema's superRefine: `message` says the issue in the field's words. */
export function checkFreeText(message: (issue: string) => string) {
  return (value: string, context: z.RefinementCtx) => {
    const issue = freeTextIssue(value)
    if (issue) context.addIssue({ code: 'custom', message: message(issue) })
  }
}

/** The text as it reads: blanks of any kind collapsed to one space, none at either end. */
export function visibleText(value: string): string {
  return value.replace(BLANKS, ' ').trim()
}

/** A reason an auditor can read: at least REASON_MIN characters of visible text. */
export function isReason(value: string): boolean {
  return visibleText(value).length >= REASON_MIN
}
