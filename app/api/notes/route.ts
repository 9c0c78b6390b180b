import { actionRoute, readRoute } from '@/lib/api/route'
import { noteRequest, noteResourceSchema } from '@/lib/notes/contract'
import { addNote, notesFor } from '@/lib/notes/notes'

// GET /api/notes?type=&id= – the newest notes on a verification or an AML report
export const GET = readRoute(noteResourceSchema, (resource) => notesFor(resource))

// POST /api/notes – a note on a verification or an AML report, audited first
export const POST = actionRoute(noteRequest, ({ body, ...resource }) => addNote(resource, body))
