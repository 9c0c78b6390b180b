import type { NextRequest } from 'next/server'

import { MAX_SEARCH_INPUT, recognise, targetPath } from '@/lib/search/recognise'

/**
 * Where the header's search form goes when Enter is pressed before the page has hydrated (the
 * hydrated form handles Enter itself), so a pasted id is never lost to a reload. What needs no
 * lookup opens at once; the rest goes to the home page, whose search box takes it up. The
 * Location is relative so that it holds behind a reverse proxy.
 */
export function GET(request: NextRequest) {
  // Capped like the search box's own input: a long paste must not become a long Location.
  const input = (request.nextUrl.searchParams.get('q') ?? '').trim().slice(0, MAX_SEARCH_INPUT)
  const path = targetPath(recognise(input)) ?? (input ? `/?q=${encodeURIComponent(input)}` : '/')
  return new Response(null, { status: 303, headers: { Location: path } })
}
