import type { ReactNode } from 'react'

/** Stands in for a value the upstream did not send: a dash, or words such as "Not set". */
export function NoValue({ children = '—' }: { children?: ReactNode }) {
  return <span className="text-faint">{children}</span>
}
