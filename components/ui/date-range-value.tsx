import { IdentityValue } from '@/components/ui/identity-value'
import { NoValue } from '@/components/ui/no-value'

/**
 * A date-of-birth range (`gte`/`lte`), each end masked and revealed on its own: `1961-03-14`, `from
 * …`, `until …` or `… to …`. Ends are shown as sent (the first ten characters of a date-time).
 */
export function DateRangeValue({
  from,
  to,
}: {
  from: string | null | undefined
  to: string | null | undefined
}) {
  const start = dayOf(from)
  const end = dayOf(to)
  if (!start && !end) return <NoValue />
  if (!end || start === end) return <IdentityValue kind="date_of_birth" value={start} />
  if (!start)
    return (
      <>
        until <IdentityValue kind="date_of_birth" value={end} />
      </>
    )
  return (
    <>
      <IdentityValue kind="date_of_birth" value={start} /> to{' '}
      <IdentityValue kind="date_of_birth" value={end} />
    </>
  )
}

// A masked end arrives as a token and stays whole; a plain one loses its time of day.
function dayOf(value: string | null | undefined) {
  if (!value) return null
  return /^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : value
}
