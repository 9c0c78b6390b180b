/** Notes as the browser sees them; the store's side is lib/review/notes.ts (server-only). */

export type NoteResource = { type: 'verification' | 'aml_search'; id: string }

export type Note = { id: number; body: string; user: string; at: string }
