import { countryLabel } from '@/lib/util/countries'

const SHOWN = 3

/** How many countries a profile lists, the first codes inline and every country on hover. */
export function CountrySummary({ codes }: { codes: readonly string[] | null | undefined }) {
  if (!codes || codes.length === 0) {
    return (
      <span className="text-faint" title="No countries listed">
        —
      </span>
    )
  }
  const rest = codes.length - SHOWN
  return (
    <span title={codes.map(countryLabel).join(', ')} className="whitespace-nowrap">
      <span className="tabular-nums">{codes.length}</span>
      <span className="ml-1.5 font-mono text-xs text-faint">
        {codes.slice(0, SHOWN).join(' ')}
        {rest > 0 && ` +${rest}`}
      </span>
    </span>
  )
}
