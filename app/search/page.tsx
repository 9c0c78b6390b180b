import type { Metadata } from 'next'

import { SearchPage } from '@/components/search/search-page'
import { loadSearchPage } from '@/lib/search/load'

export const metadata: Metadata = { title: 'Search' }

// GET /search?q= – the header's form: an exact id opens its record, anything else is searched.
export default async function SearchRoute({ searchParams }: PageProps<'/search'>) {
  const { q } = await searchParams
  const query = Array.isArray(q) ? (q[0] ?? '') : (q ?? '')
  return <SearchPage {...await loadSearchPage(query)} />
}
