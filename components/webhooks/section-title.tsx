import type { ReactNode } from 'react'

/** The small caps title of a part of an expanded record. */
export function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <h3 className="mb-1.5 text-xs font-semibold tracking-wide text-faint uppercase">{children}</h3>
  )
}
