import { describe, expect, it } from 'vitest'

import { firstIssue } from '@/lib/api/params'
import { amlExportRequest } from '@/lib/aml/export'
import { decisionRequest } from '@/lib/review/decision-request'
import { noteRequest } from '@/lib/notes/request'

/*
 * Free text that Verity stores (notes, decision reasons, export reasons) is refused with a message
 * when it holds a control character: PostgreSQL text cannot hold NUL, and such a note once failed
 * with "Something went wrong" after its audit line had already said it was added. Invisible
 * formatting characters (zero-width, text-direction) are refused too: they make text show other
 * than it holds, or a reason look written when it is empty.
 */

const SEARCH_ID = '25de66dd-58ae-4e1a-aa9e-b9aaecac593f'
const note = { type: 'aml_search', id: SEARCH_ID }
const decision = {
  id: SEARCH_ID,
  matchUuid: 'match-1',
  decision: 'false_positive',
  action: 'set',
  reason: 'Different date of birth and nationality.',
}
const unmaskedExport = { searchId: SEARCH_ID, format: 'json', unmasked: true }

describe('free text that is stored', () => {
  it.each([
    [
      'a note with a NUL byte',
      noteRequest,
      { ...note, body: 'seen \u0000 before' },
      'The note must not contain control characters.',
    ],
    [
      'a note with an escape sequence',
      noteRequest,
      { ...note, body: 'red \u001b[31m' },
      'The note must not contain control characters.',
    ],
    [
      'a decision reason with a NUL byte',
      decisionRequest,
      { ...decision, reason: 'Different person\u0000 entirely' },
      'reason must not contain control characters',
    ],
    [
      'a match id with a NUL byte',
      decisionRequest,
      { ...decision, matchUuid: 'match\u0000' },
      'matchUuid must not contain control characters',
    ],
    [
      'an export reason with a NUL byte',
      amlExportRequest,
      { ...unmaskedExport, reason: 'For the regulator\u0000' },
      'reason must not contain control characters',
    ],
    [
      'a note with a right-to-left override (U+202E)',
      noteRequest,
      { ...note, body: 'Checked passport \u202egnp.exe' },
      'The note must not contain invisible formatting characters (zero-width or text-direction marks).',
    ],
    [
      'a note with a zero-width space',
      noteRequest,
      { ...note, body: 'same\u200bperson' },
      'The note must not contain invisible formatting characters (zero-width or text-direction marks).',
    ],
    [
      'a decision reason of ten zero-width spaces',
      decisionRequest,
      { ...decision, reason: '\u200b'.repeat(10) },
      'reason must not contain invisible formatting characters (zero-width or text-direction marks)',
    ],
    [
      'a decision reason with a bidi isolate',
      decisionRequest,
      { ...decision, reason: 'Different person \u2067entirely\u2069' },
      'reason must not contain invisible formatting characters (zero-width or text-direction marks)',
    ],
    [
      'an export reason of ten zero-width spaces',
      amlExportRequest,
      { ...unmaskedExport, reason: '\u200b'.repeat(10) },
      'reason must not contain invisible formatting characters (zero-width or text-direction marks)',
    ],
    [
      'an export reason of blank letters and spaces',
      amlExportRequest,
      { ...unmaskedExport, reason: `a${' '.repeat(8)}\u3164\u3164b` },
      'An unmasked export needs a reason of at least 10 characters of visible text',
    ],
  ])('refuses %s, saying why', (_case, schema, body, message) => {
    const parsed = schema.safeParse(body)
    expect(parsed.success).toBe(false)
    if (!parsed.success) expect(firstIssue(parsed.error)).toBe(message)
  })

  it('keeps tabs and line breaks', () => {
    const body = 'First line\n\tindented second line\r\nthird'
    expect(noteRequest.parse({ ...note, body }).body).toBe(body)
    expect(
      decisionRequest.parse({ ...decision, reason: `Reason\n${decision.reason}` }).reason,
    ).toBe(`Reason\n${decision.reason}`)
    expect(amlExportRequest.parse({ ...unmaskedExport, reason: 'For the\nregulator' }).reason).toBe(
      'For the\nregulator',
    )
  })

  it('keeps text in any script, accents and emoji', () => {
    const body = 'Nguyễn Văn An, محمد, 山田 太郎 👍'
    expect(noteRequest.parse({ ...note, body }).body).toBe(body)
    expect(amlExportRequest.parse({ ...unmaskedExport, reason: body }).reason).toBe(body)
  })
})
