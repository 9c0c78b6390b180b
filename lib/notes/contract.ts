import { z } from 'zod'

import { checkFreeText } from '@/lib/api/free-text'
import { isShortId, isUuid } from '@/lib/ids'

/*
 * Notes as the browser sees them, and the contract of /api/notes (browser-safe: the note form takes
 * its limit and words from here); the store's side is lib/notes/notes.ts (server-only).
 */

export type NoteResource = { type: 'verification' | 'aml_search'; id: string }

export type Note = { id: number; body: string; user: string; at: string }

export const NOTE_MAX = 4000

export const EMPTY_NOTE = 'Write something before adding a note.'

export const NOTE_TOO_LONG = `A note is at most ${NOTE_MAX.toLocaleString('en')} characters.`

/** What the form and the server say when a note holds what may not be stored. */
export const noteTextIssue = (issue: string) => `The note ${issue}.`

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
