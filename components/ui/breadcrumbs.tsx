import { IntentLink } from '@/components/ui/intent-link'

/** `mono` for an id, so it reads like the ids everywhere else. */
type Crumb = { label: string; href?: string; mono?: boolean }

/** Where the page sits: links up the hierarchy, the last entry is the page itself. */
export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="no-print mb-2 text-xs">
      <ol className="flex min-w-0 flex-wrap items-center gap-x-1.5 text-muted">
        {items.map((item, index) => {
          const last = index === items.length - 1
          return (
            <li key={`${index}-${item.label}`} className="flex min-w-0 items-center gap-x-1.5">
              {item.href && !last ? (
                <IntentLink
                  href={item.href}
                  className="hover:text-zinc-900 hover:underline dark:hover:text-zinc-100"
                >
                  {item.label}
                </IntentLink>
              ) : (
                <span
                  aria-current={last ? 'page' : undefined}
                  className={`truncate text-zinc-800 dark:text-zinc-200 ${item.mono ? 'font-mono' : ''}`}
                >
                  {item.label}
                </span>
              )}
              {!last && (
                <span aria-hidden="true" className="text-zinc-400 dark:text-zinc-500">
                  /
                </span>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
