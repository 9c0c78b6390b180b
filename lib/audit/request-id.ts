import { z } from 'zod'

/*
 * Request ids. The id of a request, in the audit trail and the access log, is always the server's
 * own (a UUID made in proxy.ts): a client could otherwise choose it, and make its audit lines look
 * like someone else's or collide on purpose. An id the client sent along (a trace id, a support
 * reference) is kept apart in its own, marked field, and only when short and plain.
 */

/** The header proxy.ts forwards the client's own id in; it overwrites whatever the client sent. */
export const CLIENT_REQUEST_ID_HEADER = 'x-client-request-id'

const serverId = z.uuid()
const clientId = z.string().regex(/^[A-Za-z0-9._:-]{1,64}$/)

/** The server's id when the value is one (a UUID), else undefined. */
export function serverRequestId(value: string | null | undefined): string | undefined {
  const parsed = serverId.safeParse(value)
  return parsed.success ? parsed.data : undefined
}

/** A client's id when it is 1–64 letters, digits or `._:-`, else undefined. */
export function clientRequestId(value: string | null | undefined): string | undefined {
  const parsed = clientId.safeParse(value)
  return parsed.success ? parsed.data : undefined
}
