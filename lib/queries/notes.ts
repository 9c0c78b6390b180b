import { useMutation } from '@tanstack/react-query'

import type { Note, NoteResource } from '@/lib/notes/contract'
import { apiPost } from '@/lib/queries/api-fetch'

/** Adds a note; the form refreshes the page, whose notes the server lists. */
export function useAddNote(resource: NoteResource) {
  return useMutation({
    mutationFn: (body: string) => apiPost<Note>('/api/notes', { ...resource, body }),
  })
}
