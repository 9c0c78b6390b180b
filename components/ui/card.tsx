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
      className="rounded-md border border-line bg-surface"
    >
      <div className="flex items-center justify-between gap-2 border-b border-line px-4 py-2">
        <h2 id={id ? `${id}-title` : undefined} className="text-sm font-semibold">
          {title}
        </h2>
        {actions}
      </div>
      <div className="px-4 py-3 text-sm">{children}</div>
    </section>
  )
}
