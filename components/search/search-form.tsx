import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { searchPathBase } from '@/lib/routes'

/** A plain GET form, so a search is refined without scripts too. */
export function SearchForm({ query }: { query: string }) {
  return (
    <form
      method="get"
      action={searchPathBase}
      role="search"
      aria-label="Search the history"
      className="flex gap-2"
    >
      <label htmlFor="history-search" className="sr-only">
        Name or id
      </label>
      <Input
        id="history-search"
        name="q"
        type="search"
        defaultValue={query}
        spellCheck={false}
        autoComplete="off"
        sunken
        className="w-full max-w-md"
      />
      <Button type="submit" variant="primary" size="md">
        Search
      </Button>
    </form>
  )
}
