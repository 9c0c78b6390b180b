import { isServer, QueryClient } from '@tanstack/react-query'

import { isApiError } from '@/lib/queries/api-fetch'

/*
 * The browser retries only what Verity's server did not already answer. A problem+json from a
 * route handler (any kind: the upstream failing, timing out, refusing, its circuit open) comes
 * after the server's own retries, or is an answer that will not change; retrying it in the
 * browser multiplied every upstream failure. A failure that never reached Verity's handler – the
 * connection dropped, or a proxy in front answered 502, 503 or 504 instead (an instance
 * restarting) – is retried once.
 */
const NOT_FROM_VERITY_STATUSES = new Set([502, 503, 504])

function shouldRetryInBrowser(failureCount: number, error: unknown): boolean {
  if (isServer || failureCount >= 1) return false
  if (!isApiError(error)) return true
  // `http` is the kind of an answer that was not Verity's problem+json (lib/queries/api-fetch.ts).
  return error.kind === 'http' && NOT_FROM_VERITY_STATUSES.has(error.status)
}

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Above zero so that data prefetched on the server is not refetched on hydration.
        staleTime: 60_000,
        retry: shouldRetryInBrowser,
        refetchOnWindowFocus: false,
      },
    },
  })
}

let browserQueryClient: QueryClient | undefined

/** A new client per server request, one for the whole browser session. */
export function getQueryClient() {
  if (isServer) return makeQueryClient()
  browserQueryClient ??= makeQueryClient()
  return browserQueryClient
}
