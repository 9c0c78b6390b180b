import type { ReactNode } from 'react'

/** Label/value pairs in a dense two-column grid; rows with no value are left out by the caller. */
export function FieldList({ children }: { children: ReactNode }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-1.5 sm:grid-cols-[minmax(8rem,max-content)_1fr]">
      {children}
    </dl>
  )
}

export function Field({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt className="text-faint">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  )
}
