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
      <input
        id="history-search"
        name="q"
        type="search"
        defaultValue={query}
        spellCheck={false}
        autoComplete="off"
        className="w-full max-w-md rounded border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-950"
      />
      <button
        type="submit"
        className="rounded bg-zinc-900 px-3 py-1 text-sm font-medium text-white hover:bg-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300"
      >
        Search
      </button>
    </form>
  )
}
