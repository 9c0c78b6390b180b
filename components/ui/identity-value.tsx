import type { ReactNode } from 'react'

import { MaskedValue, type MrzDateFormat } from '@/components/ui/masked-value'
import { NoValue } from '@/components/ui/no-value'
import { parseToken } from '@/lib/projection/masked-token'

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
 * Every piece of personal identity data renders through this one component. What is masked was
 * decided on the server (lib/projection): a masked value arrives as a token and shows its mask with
 * a Reveal button, which asks the server for that one value; anything else shows as it came.
 */
export function IdentityValue({
  value,
  kind,
  mrzDate,
  children,
}: {
  value: string | null | undefined
  kind: IdentityKind
  /** How a revealed value reads when it is a six-digit MRZ date. */
  mrzDate?: MrzDateFormat
  children?: ReactNode
}) {
  if (value === null || value === undefined || value === '') return <NoValue />
  const token = parseToken(value)
  if (token) return <MaskedValue token={token} mrzDate={mrzDate} />
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
