/**
 * What went wrong with an upstream call, in the terms the UI and the route handlers speak. The
 * service answering with an error (`unavailable`, a 5xx) is told apart from the service not being
 * reached at all (`unreachable`: refused, dropped or broken connections), and both from Verity
 * not calling it for a while after repeated failures (`circuit_open`).
 */
export type UpstreamErrorKind =
  | 'unauthorized'
  | 'not_found'
  | 'bad_request'
  | 'rate_limited'
  | 'timeout'
  | 'unavailable'
  | 'unreachable'
  | 'circuit_open'
  | 'bad_response'

type Details = {
  status?: number
  retryAfterSeconds?: number
  /** Where a response broke its schema, e.g. `data[3].profile_id`. */
  path?: string
  /** For `circuit_open`: the kind of the failures that opened the circuit. */
  openedBy?: UpstreamErrorKind
  cause?: unknown
}

export class UpstreamError extends Error {
  override readonly name = 'UpstreamError'
  readonly kind: UpstreamErrorKind
  readonly status: number | undefined
  readonly retryAfterSeconds: number | undefined
  readonly path: string | undefined
  readonly openedBy: UpstreamErrorKind | undefined

  constructor(kind: UpstreamErrorKind, message: string, details: Details = {}) {
    super(message, { cause: details.cause })
    this.kind = kind
    this.status = details.status
    this.retryAfterSeconds = details.retryAfterSeconds
    this.path = details.path
    this.openedBy = details.openedBy
  }
}
