import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'

import { apiGet, apiPost } from '@/lib/queries/api-fetch'
import { queryKeys } from '@/lib/queries/keys'
import type { Note, NoteResource } from '@/lib/review/note-types'

export function fetchNotes({ type, id }: NoteResource, signal?: AbortSignal) {
  const query = new URLSearchParams({ type, id })
  return apiGet<Note[]>(`/api/notes?${query.toString()}`, signal)
}

export function notesQueryOptions({ type, id }: NoteResource) {
  return queryOptions({
    queryKey: queryKeys.review.notes(type, id),
    queryFn: ({ signal }) => fetchNotes({ type, id }, signal),
  })
}

/** Adds a note; whatever the outcome, the record's notes are fetched again. */
export function useAddNote(resource: NoteResource) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: string) => apiPost<Note>('/api/notes', { ...resource, body }),
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: queryKeys.review.notes(resource.type, resource.id),
      }),
  })
}
