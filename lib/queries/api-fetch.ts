/** Client-side access to Verity's own route handlers, with their problem+json errors typed. */

export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly status: number
  /** The problem type without its prefix: `not_found`, `timeout`, `rate_limited`, ... */
  readonly kind: string
  readonly detail: string
  readonly retryAfterSeconds: number | undefined

  constructor(status: number, kind: string, title: string, detail: string, retryAfter?: number) {
    super(title)
    this.status = status
    this.kind = kind
    this.detail = detail
    this.retryAfterSeconds = retryAfter
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

export async function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  return answerOf<T>(await fetch(path, { signal, headers: { accept: 'application/json' } }))
}

/** A state-changing call (reveal, export): JSON in, JSON out, the same typed errors. */
export async function apiPost<T>(path: string, body: unknown): Promise<T> {
  return answerOf<T>(
    await fetch(path, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  )
}

/** A change to part of a record (PATCH): JSON in, JSON out, the same typed errors. */
export async function apiPatch<T>(path: string, body: unknown): Promise<T> {
  return answerOf<T>(
    await fetch(path, {
      method: 'PATCH',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  )
}

async function answerOf<T>(response: Response): Promise<T> {
  if (response.ok) return (await response.json()) as T
  let body: { type?: unknown; title?: unknown; detail?: unknown } = {}
  try {
    body = (await response.json()) as typeof body
  } catch {
    // A proxy in front of Verity may answer HTML; the status alone still classifies it.
  }
  const type = typeof body.type === 'string' ? body.type.replace(/^about:blank#/, '') : 'http'
  const retryAfter = Number(response.headers.get('retry-after')) || undefined
  throw new ApiError(
    response.status,
    type,
    typeof body.title === 'string' ? body.title : `Request failed (${response.status})`,
    typeof body.detail === 'string' ? body.detail : 'Verity could not load this data.',
    retryAfter,
  )
}
