import 'server-only'

import { z } from 'zod'

import { EXPORT_REASON_MAX, isReason, REASON_MIN } from '@/lib/api/free-text'
import { ProblemError } from '@/lib/api/problem-error'
import { optionalReason } from '@/lib/api/reason-field'
import { audit } from '@/lib/audit/record'
import { requireViewer } from '@/lib/auth/session'
import { takeSensitiveAction } from '@/lib/limits/sensitive-actions'
import { withMasksShown } from '@/lib/projection/masked-token'
import { projectAmlSearch } from '@/lib/projection/project'
import { refKeyOf } from '@/lib/projection/ref-key'
import { readAmlSearch } from '@/lib/upstream/reads'
import { isUuid } from '@/lib/util/ids'

export const amlExportRequest = z
  .object({
    searchId: z.string().refine(isUuid, 'searchId must be a UUID'),
    format: z.enum(['json', 'print'], { error: 'format must be json or print' }),
    unmasked: z.boolean().default(false),
    reason: optionalReason(EXPORT_REASON_MAX),
  })
  .refine((body) => !body.unmasked || isReason(body.reason ?? ''), {
    message: `An unmasked export needs a reason of at least ${REASON_MIN} characters of visible text`,
    path: ['reason'],
  })

/**
 * An AML report leaving Verity as a file or a print. It is made here, from the masked projection
 * unless the analyst gave a reason to export it unmasked, and audited before it is answered; an
 * export whose audit line cannot be written does not happen. Unmasked exports draw on the same
 * limiter as reveals (lib/limits/sensitive-actions.ts); a refused one is audited too.
 */
export async function exportAmlReport({
  searchId,
  format,
  unmasked,
  reason,
}: z.output<typeof amlExportRequest>) {
  const viewer = await requireViewer()
  const resource = { type: 'aml_search', id: searchId }
  if (unmasked) {
    const taken = await takeSensitiveAction(viewer, 'unmasked_export')
    if (!taken.ok) {
      await audit(viewer, 'export', resource, 'rate_limited', `${format}-unmasked`)
      throw new ProblemError(
        429,
        'export_limited',
        'Too many unmasked exports',
        `You made many unmasked exports lately. Every one is recorded; try again in ${waitWords(taken.retryAfterSeconds)}.`,
        { 'Retry-After': String(taken.retryAfterSeconds) },
      )
    }
  }
  const raw = await readAmlSearch(searchId)
  await audit(viewer, 'export', resource, 'ok', unmasked ? `${format}-unmasked` : format, reason)
  if (format === 'print') return { recorded: true }
  return unmasked ? raw : withMasksShown(projectAmlSearch(raw, searchId, refKeyOf(viewer)))
}

function waitWords(seconds: number) {
  return seconds < 120 ? `${seconds} s` : `${Math.ceil(seconds / 60)} minutes`
}
