import { z } from 'zod'

import { PACK_REASON_MAX, PACK_REASON_MIN } from '@/lib/evidence/contract'
import { isShortId, isUuid } from '@/lib/ids'

/** What /api/evidence parses, with the limits of contract.ts (which the browser imports, zod-free). */

const ID_CHECKS = {
  verification: isShortId,
  aml_search: isUuid,
  // A case's id is a whole number (lib/cases/requests.ts).
  case: (id: string) => /^[1-9]\d{0,14}$/.test(id),
}

export const packRequest = z
  .object({
    type: z.enum(['verification', 'aml_search', 'case'], {
      error: 'type must be verification, aml_search or case',
    }),
    id: z.string().max(200),
    /** The AML report page's subject (`verification:<short id>`), for the match comparisons. */
    subject: z.string().max(300).optional(),
    unmasked: z.boolean().default(false),
    reason: z
      .string()
      .trim()
      .max(PACK_REASON_MAX, `reason must be at most ${PACK_REASON_MAX} characters`)
      .optional(),
  })
  .refine((body) => ID_CHECKS[body.type](body.id), {
    message: 'id is not an id of that kind of record',
    path: ['id'],
  })
  .refine((body) => !body.unmasked || (body.reason?.length ?? 0) >= PACK_REASON_MIN, {
    message: `An unmasked evidence pack needs a reason of at least ${PACK_REASON_MIN} characters`,
    path: ['reason'],
  })

export type PackRequest = z.output<typeof packRequest>
