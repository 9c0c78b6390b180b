import { Suspense } from 'react'

import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { Timestamp } from '@/components/ui/timestamp'
import type { Note, NoteResource } from '@/lib/notes/contract'

import { NoteForm } from './note-form'

type Found = Note[] | 'hidden' | null

/**
 * Analysts' notes on the record, newest first, in the page's HTML, with a form to add one. Notes
 * are plain text: rendered as text, line breaks kept, never as HTML.
 */
export function NotesPanel({
  resource,
  notes,
}: {
  resource: NoteResource
  /** Started by the page (lib/notes/notes.ts `loadNotes`) and awaited here, behind Suspense. */
  notes: Promise<Found>
}) {
  return (
    <div className="mt-4">
      <Suspense fallback={<NotesSkeleton />}>
        <NotesCard resource={resource} notes={notes} />
      </Suspense>
    </div>
  )
}

async function NotesCard({ resource, notes }: { resource: NoteResource; notes: Promise<Found> }) {
  const found = await notes
  if (found === 'hidden') return null
  return (
    <Card id="notes" title="Notes">
      {found === null ? (
        <p role="alert" className="mb-3 text-red-800 dark:text-red-300">
          The notes could not be read from the store.
        </p>
      ) : found.length === 0 ? (
        <p className="mb-3 text-muted">No notes yet.</p>
      ) : (
        <ol aria-label="Notes on this record" className="mb-3 divide-y divide-hairline">
          {found.map((note) => (
            <li key={note.id} className="py-2 first:pt-0">
              <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-faint">
                <span className="font-medium break-all text-zinc-700 dark:text-zinc-300">
                  {note.user}
                </span>
                <Timestamp value={note.at} mode="absolute" />
              </p>
              <p className="mt-0.5 break-words whitespace-pre-wrap">{note.body}</p>
            </li>
          ))}
        </ol>
      )}
      <NoteForm resource={resource} />
    </Card>
  )
}

function NotesSkeleton() {
  return (
    <div className="rounded-md border border-line p-4">
      <Skeleton className="h-4 w-16" />
      <Skeleton className="mt-3 h-12 w-full" />
    </div>
  )
}
