import { isServer, QueryClient } from '@tanstack/react-query'

import { isApiError } from '@/lib/queries/api-fetch'

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Above zero so that data prefetched on the server is not refetched on hydration.
        staleTime: 60_000,
        // The upstream client already retries; in the browser only a lost connection is retried.
        retry: (failureCount, error) => !isServer && !isApiError(error) && failureCount < 1,
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
