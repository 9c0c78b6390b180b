import type { ReactNode } from 'react'

/** A titled section of a detail page. */
export function Card({
  title,
  actions,
  children,
  id,
}: {
  title: ReactNode
  actions?: ReactNode
  children: ReactNode
  id?: string
}) {
  return (
    <section
      id={id}
      aria-labelledby={id ? `${id}-title` : undefined}
      className="rounded-md border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex items-center justify-between gap-2 border-b border-zinc-200 px-4 py-2 dark:border-zinc-800">
        <h2 id={id ? `${id}-title` : undefined} className="text-sm font-semibold">
          {title}
        </h2>
        {actions}
      </div>
      <div className="px-4 py-3 text-sm">{children}</div>
    </section>
  )
}
