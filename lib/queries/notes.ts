import { useMutation } from '@tanstack/react-query'

import { apiPost } from '@/lib/queries/api-fetch'
import type { Note, NoteResource } from '@/lib/review/note-types'

/** Adds a note; the form refreshes the page, whose notes the server lists. */
export function useAddNote(resource: NoteResource) {
  return useMutation({
    mutationFn: (body: string) => apiPost<Note>('/api/notes', { ...resource, body }),
  })
}
