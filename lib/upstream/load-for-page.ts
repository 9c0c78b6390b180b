import 'server-only'

import { notFound, redirect } from 'next/navigation'

import { AuthRequiredError } from '@/lib/auth/errors'
import { signInPath } from '@/lib/routes'
import { UpstreamError, type UpstreamErrorKind } from '@/lib/upstream/errors'

export type PageLoad<T> = { ok: true; data: T } | { ok: false; kind: UpstreamErrorKind }

/**
 * A page's read, before anything of the page is sent: an unknown id answers the not-found page
 * with 404, a missing session goes to sign-in, and any other failure comes back as its kind for
 * the page to say in words (server error messages are redacted in production, so an error
 * boundary could not).
 */
export async function loadForPage<T>(read: () => Promise<T>): Promise<PageLoad<T>> {
  try {
    return { ok: true, data: await read() }
  } catch (error) {
    if (error instanceof UpstreamError) {
      if (error.kind === 'not_found') notFound()
      return { ok: false, kind: error.kind }
    }
    // Reached only when proxy.ts was bypassed: the data layer refused, so nothing was read.
    if (error instanceof AuthRequiredError) redirect(signInPath)
    throw error
  }
}
