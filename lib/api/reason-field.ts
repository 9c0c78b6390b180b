import { z } from 'zod'

import { checkFreeText, isReason, REASON_TOO_SHORT } from '@/lib/api/free-text'

/*
 * The one rule for a reason an analyst gives (a case's escalation or closing, a bulk close, an
 * evidence pack's or an export's reason): visible text, no control, zero-width or bidi characters
 * (lib/api/free-text.ts), at least REASON_MIN visible characters where a reason is required. Every
 * route parses its reason with these, so the refusal is the same 400 everywhere.
 */

function reasonText(max: number) {
  return z
    .string({ error: 'reason must be text' })
    .trim()
    .max(max, `reason must be at most ${max} characters`)
    .superRefine(checkFreeText((issue) => `reason ${issue}`))
}

/** A reason that must be given. */
export function requiredReason(max: number) {
  return reasonText(max).refine(isReason, REASON_TOO_SHORT)
}

/** A reason that may be left out; where it becomes required, check it with `isReason`. */
export function optionalReason(max: number) {
  return reasonText(max).optional()
}
