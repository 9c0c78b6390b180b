import 'server-only'

import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { notFound, redirect } from 'next/navigation'

import { AuthRequiredError } from '@/lib/auth/errors'
import { UpstreamError } from '@/lib/upstream/errors'

/**
 * Prefetches on the server with the server-side fetcher and answers the not-found page for an
 * unknown id. Other failures are not dehydrated: the client component then asks the route handler
 * itself and shows the kind of failure with a retry, which a server error boundary cannot (its
 * messages are redacted in production).
 */
export async function prefetchOrNotFound<T>(
  queryClient: QueryClient,
  options: { queryKey: QueryKey; queryFn: () => Promise<T> },
) {
  await queryClient.prefetchQuery(options)
  const error = queryClient.getQueryState(options.queryKey)?.error
  if (error instanceof UpstreamError && error.kind === 'not_found') notFound()
  // Reached only when proxy.ts was bypassed: the data layer refused, so no data was fetched.
  if (error instanceof AuthRequiredError) redirect('/auth/sign-in')
}
