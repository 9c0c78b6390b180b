'use client'

import { useRouter } from 'next/navigation'
import { useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react'

import { Button } from '@/components/ui/button'
import { Textarea } from '@/components/ui/textarea'
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
      <Textarea
        ref={field}
        id={`${id}-note`}
        rows={3}
        maxLength={NOTE_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        sunken
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-xs text-red-700 dark:text-red-300">
            {error}
          </p>
        ) : (
          <p id={`${id}-hint`} className="text-xs text-faint">
            Plain text. Notes cannot be edited or removed; every analyst sees them.
          </p>
        )}
        <Button
          type="submit"
          disabled={!hydrated || addNote.isPending}
          variant="secondary"
          size="sm"
        >
          {addNote.isPending ? 'Adding…' : 'Add note'}
        </Button>
      </div>
    </form>
  )
}
