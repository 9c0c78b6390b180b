'use client'

import { SearchPanel } from '@/components/search/search-panel'
import { useGlobalSearch } from '@/components/search/use-global-search'
import { Input } from '@/components/ui/input'
import { searchPathBase } from '@/lib/routes'

/**
 * Opens a record from whatever the analyst pasted: a short id, a verification URL, a profile or
 * AML id, a Verity address. `/` or Ctrl/Cmd+K focuses it; recently opened records are offered.
 * A plain form posting to /search, so Enter works before hydration too.
 */
export function GlobalSearch() {
  const {
    inputRef,
    panelRef,
    value,
    open,
    outcome,
    note,
    go,
    submit,
    retry,
    onChange,
    onFocus,
    onKeyDown,
    onBlur,
  } = useGlobalSearch()
  return (
    <div className="w-full sm:relative" onKeyDown={onKeyDown} onBlur={onBlur}>
      <form role="search" action={searchPathBase} onSubmit={submit} className="relative">
        <label htmlFor="global-search" className="sr-only">
          Open a record by id or URL
        </label>
        <Input
          ref={inputRef}
          id="global-search"
          name="q"
          type="search"
          value={value}
          onChange={onChange}
          onFocus={onFocus}
          placeholder="Id, URL or name"
          aria-describedby="global-search-status"
          aria-keyshortcuts="/ Control+K Meta+K"
          autoComplete="off"
          spellCheck={false}
          sunken
          padded={false}
          className="w-full py-1 pl-2.5 text-sm placeholder:text-faint sm:pr-8"
        />
        <kbd
          aria-hidden="true"
          className="pointer-events-none absolute top-1.5 right-2 hidden rounded border border-control px-1 font-sans text-[11px] leading-4 text-faint sm:block"
        >
          /
        </kbd>
      </form>
      <SearchPanel
        ref={panelRef}
        open={open}
        input={value}
        outcome={outcome}
        note={note}
        onOpen={go}
        onRetry={retry}
        onSubmit={() => submit()}
      />
    </div>
  )
}
