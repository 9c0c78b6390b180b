/*
 * Request ids. The id of a request, in the audit trail and the access log, is always the server's
 * own (a UUID made in proxy.ts): a client could otherwise choose it, and make its audit lines look
 * like someone else's or collide on purpose. An id the client sent along (a trace id, a support
 * reference) is kept apart in its own, marked field, and only when short and plain.
 */

/** The header proxy.ts forwards the client's own id in; it overwrites whatever the client sent. */
export const CLIENT_REQUEST_ID_HEADER = 'x-client-request-id'

// Plain expressions: checked on every request, where zod's parse cost more than the check.
const SERVER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i
const CLIENT_ID = /^[A-Za-z0-9._:-]{1,64}$/

/** The server's id when the value is one (a UUID), else undefined. */
export function serverRequestId(value: string | null | undefined): string | undefined {
  return value && SERVER_ID.test(value) ? value : undefined
}

/** A client's id when it is 1–64 letters, digits or `._:-`, else undefined. */
export function clientRequestId(value: string | null | undefined): string | undefined {
  return value && CLIENT_ID.test(value) ? value : undefined
}
