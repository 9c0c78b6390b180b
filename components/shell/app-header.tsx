import { Suspense, type ReactNode } from 'react'

import { GlobalSearch } from '@/components/search/global-search'
import { NavLink } from '@/components/shell/nav-link'
import { RecentRecorder } from '@/components/shell/recent-recorder'
import { ZoneToggle } from '@/components/shell/zone-toggle'
import { IntentLink } from '@/components/ui/intent-link'
import { ShortcutsDialog } from '@/components/ui/shortcuts-dialog'
import { ThemeToggle } from '@/components/ui/theme-toggle'
import {
  activityPath,
  homePath,
  profilesPath,
  queuePath,
  reportsPath,
  webhooksPath,
} from '@/lib/routes'

/**
 * `notice` is a banner above the header row, inside the banner landmark like the rest of it.
 * `examines`: the viewer leads or audits, so QA and the exam pack are theirs to open (the pages
 * and their API refuse anyone else whatever the header shows).
 */
export function AppHeader({
  demo,
  examines,
  account,
  notice,
}: {
  demo: boolean
  examines: boolean
  account?: ReactNode
  notice?: ReactNode
}) {
  return (
    <header className="no-print border-b border-line bg-surface">
      {notice}
      <a
        href="#main"
        className="sr-only rounded bg-surface px-3 py-1.5 text-sm font-medium focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      {/* From 1280 px, with a second line (the badge, the account), the row is as tall as both lines
          from its first paint, its lines packed at the top: a paint of a header parsed only as far
          as the links would otherwise be one line, and the page would move down 30 px when the
          rest arrived. 4.875rem: the padding, the search box's line, the gap, the badge's line. */}
      <div
        className={`relative mx-auto flex w-full max-w-7xl flex-wrap items-center gap-x-5 gap-y-2 px-4 py-2.5 sm:px-6 xl:gap-y-0 ${demo || account ? 'xl:min-h-[4.875rem] xl:content-start' : ''}`}
      >
        <IntentLink href={homePath} className="text-base font-semibold tracking-tight">
          Verity
        </IntentLink>
        <nav aria-label="Main" className="flex flex-wrap items-center gap-1 text-sm">
          <NavLink href={queuePath()}>Queue</NavLink>
          <NavLink href={reportsPath()}>Reports</NavLink>
          <NavLink href={profilesPath}>Profiles</NavLink>
          <NavLink href={webhooksPath()}>Webhooks</NavLink>
          <NavLink href={activityPath()}>Activity</NavLink>
          <NavLink href="/analytics">Analytics</NavLink>
          {examines && (
            <>
              <NavLink href="/qa">QA</NavLink>
              <NavLink href="/exam">Exam</NavLink>
            </>
          )}
        </nav>
        {/* From 1280 px the account and the demo badge sit on a second line. This break, before
            them in the document, puts them there however far the header is parsed (the badge
            would otherwise sit beside the links until the search arrived). Its own line takes no
            gap: the second line's margin stands for it. */}
        {(demo || account) && (
          <div aria-hidden="true" className="hidden xl:order-1 xl:block xl:h-0 xl:basis-full" />
        )}
        {demo && (
          <span className="ml-auto rounded bg-amber-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-amber-900 sm:order-last sm:ml-0 xl:mt-2 dark:bg-amber-900/40 dark:text-amber-200">
            <span className="sm:hidden">Demo</span>
            <span className="hidden sm:inline">Simulated data</span>
          </span>
        )}
        <div className="flex w-full items-center gap-2 sm:ml-auto sm:w-auto sm:gap-3">
          <div className="min-w-0 flex-1 sm:w-72 sm:flex-none">
            <GlobalSearch />
          </div>
          {/* Its size is held before its buttons arrive, and they hang from its top: a first paint
              of a header parsed only part way would otherwise widen the search box, or centre a
              half-made group, and then move them (a layout shift). */}
          <div className="flex h-7 min-w-[12.375rem] shrink-0 items-start gap-2 sm:min-w-[12.875rem] sm:gap-3">
            <div className="mt-0.5">
              <ZoneToggle />
            </div>
            <ThemeToggle />
            <div className="mt-0.5">
              <ShortcutsDialog />
            </div>
          </div>
        </div>
        {account && <div className="min-w-0 xl:order-2 xl:mt-2">{account}</div>}
      </div>
      <Suspense>
        <RecentRecorder />
      </Suspense>
    </header>
  )
}
