import { mrzDateToIso, type MrzDateKind } from '@/lib/verifications/mrz-date'

/**
 * A six-digit MRZ date as a full date, with the raw value beside it for comparison with the
 * document. Rendered on the server for a date shown as it came, and in the browser for a revealed
 * one, so both read alike.
 */
export function MrzDateText({
  value,
  kind,
  reference,
}: {
  value: string
  kind: MrzDateKind
  /** The moment the century is chosen against: when the document was read. */
  reference: Date | null
}) {
  const iso = reference ? mrzDateToIso(value, kind, reference) : null
  return (
    <>
      {iso ?? value}
      <span className="ml-2 font-mono text-xs text-faint" title="As read from the MRZ">
        {iso ? `raw ${value}` : reference ? 'not a valid date' : ''}
      </span>
    </>
  )
}
