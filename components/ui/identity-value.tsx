import type { ReactNode } from 'react'

export type IdentityKind =
  | 'name'
  | 'date_of_birth'
  | 'document_number'
  | 'personal_number'
  | 'email'
  | 'phone'
  | 'address'
  | 'other'

/**
 * Every piece of personal identity data (names, dates of birth, document and personal numbers,
 * contacts) renders through this one component, so that masking and audited reveal can be added
 * in one place. `kind` says what the value is.
 */
export function IdentityValue({
  value,
  kind,
  children,
}: {
  value: string | null | undefined
  kind: IdentityKind
  children?: ReactNode
}) {
  if (value === null || value === undefined || value === '') {
    return <span className="text-zinc-400">—</span>
  }
  return (
    <span data-identity={kind} className="break-words">
      {children ?? value}
    </span>
  )
}
