/** What went wrong with an upstream call, in the terms the UI and the route handlers speak. */
export type UpstreamErrorKind =
  | 'unauthorized'
  | 'not_found'
  | 'bad_request'
  | 'rate_limited'
  | 'timeout'
  | 'unavailable'
  | 'bad_response'

type Details = {
  status?: number
  retryAfterSeconds?: number
  /** Where a response broke its schema, e.g. `data[3].profile_id`. */
  path?: string
  cause?: unknown
}

export class UpstreamError extends Error {
  override readonly name = 'UpstreamError'
  readonly kind: UpstreamErrorKind
  readonly status: number | undefined
  readonly retryAfterSeconds: number | undefined
  readonly path: string | undefined

  constructor(kind: UpstreamErrorKind, message: string, details: Details = {}) {
    super(message, { cause: details.cause })
    this.kind = kind
    this.status = details.status
    this.retryAfterSeconds = details.retryAfterSeconds
    this.path = details.path
  }
}
