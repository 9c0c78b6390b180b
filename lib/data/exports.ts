import 'server-only'

import { z } from 'zod'

import { hasNoControlCharacters } from '@/lib/api/params'
import { audit } from '@/lib/audit/record'
import { AuthRequiredError } from '@/lib/auth/errors'
import { getViewer } from '@/lib/auth/session'
import { readAmlSearch } from '@/lib/data/reads'
import { isUuid } from '@/lib/ids'
import { withMasksShown } from '@/lib/projection/masked-token'
import { projectAmlSearch } from '@/lib/projection/project'

export const amlExportRequest = z
  .object({
    searchId: z.string().refine(isUuid, 'searchId must be a UUID'),
    format: z.enum(['json', 'print'], { error: 'format must be json or print' }),
    unmasked: z.boolean().default(false),
    reason: z
      .string()
      .trim()
      .max(500, 'reason must be at most 500 characters')
      .refine(hasNoControlCharacters, 'reason must not contain control characters')
      .optional(),
  })
  .refine((body) => !body.unmasked || (body.reason?.length ?? 0) >= 10, {
    message: 'An unmasked export needs a reason of at least 10 characters',
    path: ['reason'],
  })

/**
 * An AML report leaving Verity as a file or a print. It is made here, from the masked projection
 * unless the analyst gave a reason to export it unmasked, and audited before it is answered; an
 * export whose audit line cannot be written does not happen.
 */
export async function exportAmlReport({
  searchId,
  format,
  unmasked,
  reason,
}: z.output<typeof amlExportRequest>) {
  const viewer = await getViewer()
  if (!viewer) throw new AuthRequiredError()
  const raw = await readAmlSearch(searchId)
  const resource = { type: 'aml_search', id: searchId }
  await audit(viewer, 'export', resource, 'ok', unmasked ? `${format}-unmasked` : format, reason)
  if (format === 'print') return { recorded: true }
  return unmasked ? raw : withMasksShown(projectAmlSearch(raw, searchId))
}
