import Link from 'next/link'

import { GlobalSearch } from '@/components/shell/global-search'
import { NavLink } from '@/components/shell/nav-link'

export function AppHeader({ demo }: { demo: boolean }) {
  return (
    <header className="no-print border-b border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
      <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-2.5 sm:px-6">
        <Link href="/" className="text-base font-semibold tracking-tight">
          Verity
        </Link>
        <nav aria-label="Main" className="flex items-center gap-1 text-sm">
          <NavLink href="/profiles">Profiles</NavLink>
          <NavLink href="/webhooks">Webhooks</NavLink>
        </nav>
        {demo && (
          <span className="ml-auto rounded bg-amber-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-amber-900 sm:order-last sm:ml-0 dark:bg-amber-900/40 dark:text-amber-200">
            <span className="sm:hidden">Demo</span>
            <span className="hidden sm:inline">Simulated data</span>
          </span>
        )}
        <div className="w-full sm:ml-auto sm:w-72">
          <GlobalSearch />
        </div>
      </div>
    </header>
  )
}
