import { actionRoute, readRoute } from '@/lib/api/route'
import { addNote, notesFor } from '@/lib/notes/notes'
import { noteRequest, noteResourceSchema } from '@/lib/notes/request'

// GET /api/notes?type=&id= – the newest notes on a verification or an AML report
export const GET = readRoute(noteResourceSchema, (resource) => notesFor(resource))

// POST /api/notes – a note on a verification or an AML report, audited first
export const POST = actionRoute(noteRequest, ({ body, ...resource }) => addNote(resource, body))
