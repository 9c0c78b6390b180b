/*
 * A failure that already knows how it is answered (status, type, words for the analyst), for
 * checks deeper than a route handler, such as a reveal that is refused. `respond` answers it as
 * problem+json; anything else unexpected stays a generic 500.
 */
export class ProblemError extends Error {
  override readonly name = 'ProblemError'
  readonly status: number
  readonly type: string
  readonly title: string
  readonly detail: string
  readonly headers: Record<string, string>

  constructor(
    status: number,
    type: string,
    title: string,
    detail: string,
    headers: Record<string, string> = {},
  ) {
    super(title)
    this.status = status
    this.type = type
    this.title = title
    this.detail = detail
    this.headers = headers
  }
}
