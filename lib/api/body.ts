import 'server-only'

import { problem } from '@/lib/api/problem'

/*
 * Request bodies are small JSON (a decision, a note, a reveal reference, an export's reason), or a
 * file to check (an evidence pack, at most its route's cap). Every body is capped before it is
 * read: an announced length over the cap is refused unread, and a body without one (chunked) is
 * counted as it streams and dropped the moment it passes the cap, so a hostile body never costs
 * more memory than the cap.
 */

/** The largest request body any route reads. */
export const MAX_BODY_BYTES = 64 * 1024

export type BodyRead = { ok: true; value: unknown } | { ok: false; response: Response }

export async function readJsonBody(request: Request, limit = MAX_BODY_BYTES): Promise<BodyRead> {
  const bytes = await readBodyBytes(request, limit)
  if (!bytes) return { ok: false, response: tooLarge(limit) }
  try {
    return { ok: true, value: JSON.parse(new TextDecoder().decode(bytes)) as unknown }
  } catch {
    return {
      ok: false,
      response: problem(400, 'bad_parameter', 'Bad request', 'The body must be JSON.'),
    }
  }
}

/** The whole body, or null when it is announced or found to be over `limit` bytes. */
export async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array | null> {
  const declared = Number(request.headers.get('content-length'))
  if (declared > limit) return null
  return readCapped(request.body, limit)
}

/** The whole body, or null as soon as it passes `limit` bytes (the rest is never read). */
export async function readCapped(body: ReadableStream<Uint8Array> | null, limit: number) {
  if (!body) return new Uint8Array()
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel()
      return null
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}

function tooLarge(limit: number) {
  return problem(
    413,
    'body_too_large',
    'Request too large',
    `A request body may be at most ${limit / 1024} KB.`,
  )
}
