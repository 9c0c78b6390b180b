import { IdentityValue, type IdentityKind } from '@/components/ui/identity-value'
import { mrzDateToIso, type MrzDateKind } from '@/lib/verifications/mrz-date'

/** A six-digit MRZ date as a full date, with the raw value beside it for comparison with the document. */
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
  const iso = reference ? mrzDateToIso(value, kind, reference) : null
  const identityKind: IdentityKind = kind === 'birth' ? 'date_of_birth' : 'other'
  return (
    <IdentityValue value={value} kind={identityKind}>
      {iso ?? value}
      <span
        className="ml-2 font-mono text-xs text-zinc-500 dark:text-zinc-400"
        title="As read from the MRZ"
      >
        {iso ? `raw ${value}` : reference ? 'not a valid date' : ''}
      </span>
    </IdentityValue>
  )
}
