import 'server-only'

import { MirrorReach } from '@/components/history-mirror/mirror-reach'
import { EmptyState } from '@/components/ui/empty-state'
import type { SearchLoad } from '@/lib/search/load'
import { SEARCH_SHOWN } from '@/lib/search/mirror'

import { SearchForm } from './search-form'
import { SearchHits } from './search-hits'

/** What the mirrored history holds for a query: records carrying it as an id, screenings by name. */
export function SearchPage({ query, ids, names, mirror }: SearchLoad) {
  const nothing = ids.hits.length === 0 && names.hits.length === 0
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h1 className="text-xl font-semibold">Search the history</h1>
        <p className="text-sm text-muted">
          Screenings by the name that was screened (any word, or its beginning; case and accents do
          not matter), and records by applicant, screening, search, external or verification id.
        </p>
        <MirrorReach mirror={mirror} />
      </div>
      <SearchForm query={query} />
      {nothing ? (
        <EmptyState title={`Nothing found for “${query}”`}>
          No screening name has words beginning with these, and no record carries it as an id.
        </EmptyState>
      ) : (
        <>
          {ids.hits.length > 0 && (
            <Section title={`Records with this id${more(ids.more)}`}>
              <SearchHits hits={ids.hits} label="Records with this id, newest first" />
            </Section>
          )}
          {names.hits.length > 0 && (
            <Section title={`Screenings named “${query}”${more(names.more)}`}>
              <SearchHits hits={names.hits} label="Screenings by name, newest first" />
            </Section>
          )}
        </>
      )}
    </div>
  )
}

function more(has: boolean) {
  return has ? ` (newest ${SEARCH_SHOWN}; narrow the search for older ones)` : ''
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section
      aria-label={title}
      className="rounded-md border border-line bg-surface px-3 py-2 text-sm"
    >
      <h2 className="text-sm font-semibold">{title}</h2>
      {children}
    </section>
  )
}
