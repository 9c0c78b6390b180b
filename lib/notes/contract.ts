/*
 * Notes as the browser sees them, and the limits and words of /api/notes that the note form shares
 * with the route's schemas (lib/notes/request.ts, apart so that zod stays out of the browser); the
 * store's side is lib/notes/notes.ts (server-only).
 */

export type NoteResource = { type: 'verification' | 'aml_search'; id: string }

export type Note = { id: number; body: string; user: string; at: string }

export const NOTE_MAX = 4000

export const EMPTY_NOTE = 'Write something before adding a note.'

export const NOTE_TOO_LONG = `A note is at most ${NOTE_MAX.toLocaleString('en')} characters.`

/** What the form and the server say when a note holds what may not be stored. */
export const noteTextIssue = (issue: string) => `The note ${issue}.`
