import { IdentityValue, type IdentityKind } from '@/components/ui/identity-value'
import { parseToken } from '@/lib/projection/masked-token'
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
  const identityKind: IdentityKind = kind === 'birth' ? 'date_of_birth' : 'other'
  // A masked date of birth shows only its mask; the date behind it is the server's to reveal.
  if (parseToken(value)) return <IdentityValue value={value} kind={identityKind} />
  const iso = reference ? mrzDateToIso(value, kind, reference) : null
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
