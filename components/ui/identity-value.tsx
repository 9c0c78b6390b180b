'use client'

import type { ReactNode } from 'react'

import { MaskedIdentity } from '@/components/ui/masked-value'
import { useMasking } from '@/components/ui/masking-provider'
import { NoValue } from '@/components/ui/no-value'
import type { AuditedResource } from '@/lib/audit/client'
import { isMaskedKind } from '@/lib/auth/mask'

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
 * contacts) renders through this one component. Numbers, dates of birth and contacts are masked
 * until the analyst reveals them, which is audited against `resource` (else the record named by
 * the page's URL).
 */
export function IdentityValue({
  value,
  kind,
  children,
  resource,
}: {
  value: string | null | undefined
  kind: IdentityKind
  children?: ReactNode
  resource?: AuditedResource
}) {
  const masking = useMasking()
  if (value === null || value === undefined || value === '') {
    return <NoValue />
  }
  if (masking && isMaskedKind(kind)) {
    return (
      <MaskedIdentity value={value} kind={kind} resource={resource}>
        {children}
      </MaskedIdentity>
    )
  }
  return (
    <span data-identity={kind} className="break-words">
      {children ?? value}
    </span>
  )
}

/** Several values of one kind, one per line, each masked and revealed on its own. */
export function IdentityValueList({ values, kind }: { values: string[]; kind: IdentityKind }) {
  return (
    <ul>
      {values.map((value, index) => (
        <li key={index}>
          <IdentityValue value={value} kind={kind} />
        </li>
      ))}
    </ul>
  )
}
