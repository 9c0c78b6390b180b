import { z } from 'zod'

import { checkFreeText } from '@/lib/api/free-text'
import { NOTE_MAX, noteTextIssue } from '@/lib/notes/contract'
import { isShortId, isUuid } from '@/lib/util/ids'

/** What /api/notes parses, with the limits and words of contract.ts. */

const resourceId = z.string().max(200)

/** The record a note belongs to, with its id in the form that record's ids have. */
export const noteResourceSchema = z
  .object({
    type: z.enum(['verification', 'aml_search'], {
      error: 'type must be verification or aml_search',
    }),
    id: resourceId,
  })
  .refine((resource) => (resource.type === 'verification' ? isShortId : isUuid)(resource.id), {
    message: 'id is not an id of that kind of record',
    path: ['id'],
  })

export const noteRequest = z.object({
  type: z.enum(['verification', 'aml_search'], {
    error: 'type must be verification or aml_search',
  }),
  id: resourceId,
  body: z
    .string({ error: 'body is required' })
    .max(NOTE_MAX * 2, 'The note is too long.')
    .superRefine(checkFreeText(noteTextIssue)),
})
