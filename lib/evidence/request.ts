import { z } from 'zod'

import { isReason } from '@/lib/api/free-text'
import { optionalReason } from '@/lib/api/reason-field'
import { PACK_REASON_MAX, PACK_REASON_MIN } from '@/lib/evidence/contract'
import { isShortId, isUuid } from '@/lib/util/ids'

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
    reason: optionalReason(PACK_REASON_MAX),
  })
  .refine((body) => ID_CHECKS[body.type](body.id), {
    message: 'id is not an id of that kind of record',
    path: ['id'],
  })
  .refine((body) => !body.unmasked || isReason(body.reason ?? ''), {
    message: `An unmasked evidence pack needs a reason of at least ${PACK_REASON_MIN} characters of visible text`,
    path: ['reason'],
  })

export type PackRequest = z.output<typeof packRequest>
