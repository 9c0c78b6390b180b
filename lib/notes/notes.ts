import 'server-only'

import { visibleText } from '@/lib/api/free-text'
import { ProblemError } from '@/lib/api/problem-error'
import { audit, auditRead } from '@/lib/audit/record'
import { getViewer, requireViewer } from '@/lib/auth/session'
import { analystId, viewerLabel } from '@/lib/auth/viewer'
import { noteAddedToCase } from '@/lib/cases/record-events'
import {
  EMPTY_NOTE,
  NOTE_MAX,
  NOTE_TOO_LONG,
  type Note,
  type NoteResource,
} from '@/lib/notes/contract'
import { noteResourceSchema } from '@/lib/notes/request'
import { getStore } from '@/lib/store/store'
import { UpstreamError } from '@/lib/upstream/errors'
import { readAmlSearch, readVerification } from '@/lib/upstream/reads'

/*
 * Analysts' notes on a verification or an AML report: plain text, append-only, newest first.
 * A note is written after its audit line, for the reason decisions are (lib/review/decisions.ts):
 * the trail commits on its own connection, and a note whose audit line cannot be written does not
 * happen. The audit line names the record, never the note's text, which may hold personal data.
 * Reading a record's notes is audited as a view of the record's `notes`.
 */

const SHOWN = 50

/** AML report ids are UUIDs, stored in lower case so that any spelling finds the same notes. */
function normalised(resource: NoteResource): NoteResource {
  return resource.type === 'aml_search' ? { ...resource, id: resource.id.toLowerCase() } : resource
}

export async function addNote(resource: NoteResource, body: string): Promise<Note> {
  const viewer = await requireViewer()
  if (!noteResourceSchema.safeParse(resource).success) {
    throw new ProblemError(
      400,
      'bad_parameter',
      'Bad parameter',
      'id is not an id of that kind of record',
    )
  }
  const text = body.trim()
  if (visibleText(text) === '') {
    throw new ProblemError(400, 'bad_note', 'Empty note', EMPTY_NOTE)
  }
  if (text.length > NOTE_MAX) {
    throw new ProblemError(400, 'bad_note', 'Note too long', NOTE_TOO_LONG)
  }
  const { type, id } = normalised(resource)
  await mustExist({ type, id })
  await audit(viewer, 'note', { type, id }, 'ok')
  const { db } = await getStore()
  const row = await db
    .insertInto('notes')
    .values({
      resource_type: type,
      resource_id: id,
      body: text,
      user_label: viewerLabel(viewer),
      analyst_id: analystId(viewer),
      at: new Date(),
    })
    .returning(['id', 'body', 'user_label', 'at'])
    .executeTakeFirstOrThrow()
  await noteAddedToCase(db, viewer, { type, id }, row.id)
  return { id: row.id, body: row.body, user: row.user_label, at: row.at.toISOString() }
}

/** A note is kept only on a record the upstream has: one on an unknown id is refused with 404. */
async function mustExist({ type, id }: NoteResource) {
  try {
    await (type === 'verification' ? readVerification(id) : readAmlSearch(id))
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === 'not_found') {
      throw new ProblemError(
        404,
        'not_found',
        'Record not found',
        `There is no ${type === 'verification' ? 'verification' : 'AML report'} ${id} to add a note to.`,
      )
    }
    throw error
  }
}

/** The record's newest notes (50), newest first, for a signed-in viewer. */
export async function notesFor(resource: NoteResource): Promise<Note[]> {
  const viewer = await requireViewer()
  const { type, id } = normalised(resource)
  await auditRead(viewer, { type, id }, 'notes')
  const { db } = await getStore()
  const rows = await db
    .selectFrom('notes')
    .select(['id', 'body', 'user_label', 'at'])
    .where('resource_type', '=', type)
    .where('resource_id', '=', id)
    .orderBy('id', 'desc')
    .limit(SHOWN)
    .execute()
  return rows.map((row) => ({
    id: row.id,
    body: row.body,
    user: row.user_label,
    at: row.at.toISOString(),
  }))
}

/**
 * For a page: the record's notes; `hidden` without a viewer (the page has checked already), null
 * when the store did not answer (the record itself still shows).
 */
export async function loadNotes(resource: NoteResource): Promise<Note[] | 'hidden' | null> {
  if (!(await getViewer())) return 'hidden'
  try {
    return await notesFor(resource)
  } catch {
    return null
  }
}
