import { IdentityValue, type IdentityKind } from '@/components/ui/identity-value'
import { MrzDateText } from '@/components/ui/mrz-date-text'
import type { MrzDateKind } from '@/lib/verifications/mrz-date'

/** An MRZ date of the document_mrz check, masked or not. */
export function MrzDateValue({
  value,
  kind,
  reference,
}: {
  value: string | null | undefined
  kind: MrzDateKind
  /** The moment the century is chosen against: when the document was read. */
  reference: Date | null
}) {
  const identityKind: IdentityKind = kind === 'birth' ? 'date_of_birth' : 'other'
  return (
    <IdentityValue
      value={value}
      kind={identityKind}
      // A masked date of birth shows only its mask; once revealed it reads like any other.
      mrzDate={{ kind, reference: reference?.toISOString() ?? null }}
    >
      {value && <MrzDateText value={value} kind={kind} reference={reference} />}
    </IdentityValue>
  )
}
