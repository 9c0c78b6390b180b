'use client'

import { useRouter } from 'next/navigation'
import { useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react'

import { freeTextIssue, visibleText } from '@/lib/api/free-text'
import { EMPTY_NOTE, NOTE_MAX, noteTextIssue, type NoteResource } from '@/lib/notes/contract'
import { isApiError } from '@/lib/queries/api-fetch'
import { useAddNote } from '@/lib/queries/notes'

const noSubscription = () => () => {}

/**
 * Adds a note and refreshes the page, whose notes the server lists. The text field is left
 * uncontrolled, so what was typed before hydration is what is sent, and a failure keeps it.
 */
export function NoteForm({ resource }: { resource: NoteResource }) {
  const id = useId()
  const router = useRouter()
  const field = useRef<HTMLTextAreaElement>(null)
  const [error, setError] = useState<string | null>(null)
  const addNote = useAddNote(resource)
  // Until hydrated, a submit would reload the page and lose the text.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const body = field.current?.value ?? ''
    const issue = freeTextIssue(body)
    if (issue || visibleText(body) === '') {
      setError(issue ? noteTextIssue(issue) : EMPTY_NOTE)
      field.current?.focus()
      return
    }
    setError(null)
    addNote.mutate(body, {
      onSuccess: () => {
        if (field.current) field.current.value = ''
        router.refresh()
      },
      onError: (failure) =>
        setError(
          isApiError(failure) && failure.status < 500
            ? failure.detail
            : 'The note was not saved. Try again.',
        ),
    })
  }

  return (
    <form onSubmit={submit} className="no-print flex flex-col gap-1.5">
      <label htmlFor={`${id}-note`} className="text-xs font-medium">
        Add a note
      </label>
      <textarea
        ref={field}
        id={`${id}-note`}
        rows={3}
        maxLength={NOTE_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        className="rounded border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-950"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-xs text-red-700 dark:text-red-300">
            {error}
          </p>
        ) : (
          <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
            Plain text. Notes cannot be edited or removed; every analyst sees them.
          </p>
        )}
        <button
          type="submit"
          disabled={!hydrated || addNote.isPending}
          className="rounded border border-zinc-300 bg-white px-2.5 py-1 text-xs font-medium hover:bg-zinc-100 disabled:opacity-50 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:bg-zinc-800"
        >
          {addNote.isPending ? 'Adding…' : 'Add note'}
        </button>
      </div>
    </form>
  )
}
